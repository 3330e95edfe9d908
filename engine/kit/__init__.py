"""Parts a title may build its rules on (docs/adding-a-title.md): the task stack (`tasks`)."""
