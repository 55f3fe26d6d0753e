// Argument parsing for the command-line tool; see CommandSpec.
