// @ts-check
// The preview's stand-ins for an outage of the services besides Blobs (netlify/lib/faults.ts names
// them all; the storage's faults act inside the functions). Each one sits where the functions reach
// that service, so the functions meet a real refused connection, a real SMTP error or a real slow
// answer:
// - an SMTP front between the functions and the mail catcher: smtp:refuse, smtp:5xx, smtp:4xx,
//   smtp:slow, smtp:drop-after-data (the message reaches the catcher, then the connection drops
//   before the server's answer);
// - a closed port in place of the Auth emulator: auth:down;
// - a local Akismet stand-in: akismet:down, akismet:slow, akismet:garbage (without one of those, a
//   local site asks no Akismet at all).
import { once } from "node:events";
import { createServer as createHttpServer } from "node:http";
import { connect, createServer } from "node:net";
import { freePort } from "./mail-catcher.mjs";

const HOST = "127.0.0.1";
/** How long each answer of a slow service waits. */
export const SLOW_MS = { smtp: 2_000, akismet: 5_000 };

/**
 * @typedef {{ name: string, rate: number }} Fault
 * @param {Fault[]} faults
 * @param {string} prefix
 */
const ofKind = (faults, prefix) => faults.filter((fault) => fault.name.startsWith(prefix));

/** @param {Fault[]} faults */
const pick = (faults) => faults.find((fault) => Math.random() < fault.rate)?.name ?? null;

/** @param {import("node:net").Server} server */
async function listen(server) {
  server.listen(0, HOST);
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * An SMTP server that answers every connection with `code` at MAIL FROM: 554 (permanent) or 451
 * (try later), as a mail server refusing the site's mails does.
 * @param {import("node:net").Socket} socket
 * @param {string} reply
 */
function refusingSession(socket, reply) {
  socket.write("220 fault.local ESMTP\r\n");
  let buffer = "";
  socket.on("data", (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
      const line = buffer.slice(0, end).toUpperCase();
      buffer = buffer.slice(end + 2);
      if (line.startsWith("EHLO") || line.startsWith("HELO")) socket.write("250 fault.local\r\n");
      else if (line.startsWith("QUIT")) socket.end("221 bye\r\n");
      else if (line.startsWith("RSET") || line.startsWith("NOOP")) socket.write("250 OK\r\n");
      else socket.write(`${reply}\r\n`);
    }
  });
  socket.on("error", () => socket.destroy());
}

/**
 * Relays one SMTP connection to the catcher; with `slow` each of the server's answers waits first,
 * with `dropAfterData` the connection is cut once the client has sent the message's closing dot,
 * after the catcher has it and before its answer comes back.
 * @param {import("node:net").Socket} client
 * @param {number} targetPort
 * @param {{ slow?: boolean, dropAfterData?: boolean }} mode
 */
function relay(client, targetPort, { slow = false, dropAfterData = false }) {
  const server = connect(targetPort, HOST);
  let dropping = false;
  let tail = "";
  server.on("data", (chunk) => {
    if (dropping) return;
    if (!slow) return void client.write(chunk);
    server.pause();
    setTimeout(() => {
      if (!client.destroyed) client.write(chunk);
      server.resume();
    }, SLOW_MS.smtp);
  });
  client.on("data", (chunk) => {
    server.write(chunk);
    if (!dropAfterData) return;
    tail = (tail + chunk.toString("latin1")).slice(-5);
    if (tail === "\r\n.\r\n") {
      dropping = true;
      // The catcher stores the message on the dot; wait for it to do so, then cut the client off.
      setTimeout(() => {
        client.destroy();
        server.end();
      }, 300);
    }
  });
  for (const socket of [client, server]) {
    socket.on("error", () => {
      client.destroy();
      server.destroy();
    });
    socket.on("close", () => (socket === client ? server.end() : client.end()));
  }
}

/**
 * The SMTP front: an SMTP URL for the functions that reaches `targetPort` with the SMTP faults
 * applied to each connection (each one fails with its rate). Null when no SMTP fault is on.
 * @param {Fault[]} faults
 * @param {number} targetPort
 */
export async function startSmtpFront(faults, targetPort) {
  const smtp = ofKind(faults, "smtp:");
  if (smtp.length === 0) return null;
  // Every connection refused: the functions are sent where nothing listens at all.
  if (smtp.every((fault) => fault.name === "smtp:refuse" && fault.rate === 1)) {
    return { url: `smtp://${HOST}:${await freePort()}`, stop: async () => {} };
  }
  const server = createServer((socket) => {
    const fault = pick(smtp);
    if (fault === "smtp:5xx") return refusingSession(socket, "554 5.7.1 Service unavailable (injected fault)");
    if (fault === "smtp:4xx") return refusingSession(socket, "451 4.3.0 Try again later (injected fault)");
    // As a server that is down: the connection is reset before a word is said.
    if (fault === "smtp:refuse") return void socket.resetAndDestroy();
    relay(socket, targetPort, { slow: fault === "smtp:slow", dropAfterData: fault === "smtp:drop-after-data" });
  });
  const port = await listen(server);
  return {
    url: `smtp://${HOST}:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * A local Akismet stand-in that fails as the Akismet faults say (akismet:down refuses the connection,
 * akismet:slow answers after SLOW_MS.akismet, akismet:garbage answers neither "true" nor "false")
 * and otherwise answers "false" (not spam). Null when no Akismet fault is on.
 * @param {Fault[]} faults
 */
export async function startAkismetStub(faults) {
  const akismet = ofKind(faults, "akismet:");
  if (akismet.length === 0) return null;
  const server = createHttpServer((req, res) => {
    req.resume();
    const fault = pick(akismet);
    if (fault === "akismet:down") return void req.socket.destroy();
    const answer = () => res.end(fault === "akismet:garbage" ? "<html>Gateway error</html>" : "false");
    if (fault === "akismet:slow") setTimeout(answer, SLOW_MS.akismet);
    else answer();
  });
  const port = await listen(server);
  return {
    endpoint: `http://${HOST}:${port}/1.1/comment-check`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

/** A local address where nothing listens: the Auth emulator's, under auth:down. */
export async function deadHost() {
  return `${HOST}:${await freePort()}`;
}
