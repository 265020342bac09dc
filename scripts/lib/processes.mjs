// Runs cleanup once when the user presses Ctrl-C or a supervisor stops us.
export function onShutdown(cleanup) {
  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    try {
      await cleanup(signal);
    } finally {
      process.exit(signal === "SIGINT" ? 130 : 0);
    }
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGHUP", () => stop("SIGHUP"));
}
