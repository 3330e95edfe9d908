"""Boardroom's host: config, database, the game service, Discord cogs and views, the local CLI."""
