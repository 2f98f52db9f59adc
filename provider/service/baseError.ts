/**
 * The package's base error class, for the errors a door throws of its own (the plugin's start): a door reaches
 * errors/ only through the service, and this leaf loads nothing else (the plugin prints its port before the service
 * is loaded).
 */
export { IdgovError } from "../errors/idgov-error";
