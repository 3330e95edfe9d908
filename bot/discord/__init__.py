"""The Discord layer: slash commands, components and messages. No rules live here."""
