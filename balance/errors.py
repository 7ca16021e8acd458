"""The error of anything a user gives balance that it cannot use (a rule value, an override, an
option, a file), in a module of its own so that every layer can raise it: the configs, the
policies' registry, the commands. The CLI prints its one-line message and exits with code 2."""


class ConfigError(ValueError):
    """A configuration value, option or file that cannot be used; the message is one line."""
