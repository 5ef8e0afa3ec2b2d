// The business console's frame and who may see its pages; every console feature stands on it.
export { ConsoleCard, ConsoleShell, ConsoleTable, type ConsoleSection } from "./ConsoleShell";
export { useConsoleAccess, type ConsoleAccess, type ConsoleNeed } from "./access";
