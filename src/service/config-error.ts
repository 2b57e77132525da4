// The refusal of a setting, from wherever it is found wrong (configuration, access room, store checks). It
// sits below the rooms so that each can throw it without importing the configuration above them.

/** A setting that cannot be used; the message is meant for the operator, as is. */
export class ConfigError extends Error {
  /** The environment variable name of the offending setting, or null for a problem with the flags. */
  readonly setting: string | null;
  constructor(message: string, setting: string | null = null) {
    super(message);
    this.name = "ConfigError";
    this.setting = setting;
  }
}
