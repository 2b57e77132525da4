// For configuration tests: the ConfigError a configuration is refused with (and a failure if it is accepted).
import { loadConfig } from "../config/load.ts";
import { ConfigError } from "../config-error.ts";

export function configError(env: Record<string, string | undefined>, argv: string[] = []): ConfigError {
  try {
    loadConfig(env, argv);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}
