export { App, type AppArgs } from "./App";
