import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import type { Page } from "@playwright/test";

/**
 * The content editor's local mode asks the browser for a folder (the File System Access API's
 * directory picker), a dialog headless Chromium cannot answer. This stands in for the dialog only:
 * the page gets directory and file handles whose every read and write goes to a real folder on
 * disk through the test process, so the editor's own loading, validation and saving all run.
 */

type Operation =
  | { op: "list"; path: string }
  | { op: "stat"; path: string }
  | { op: "read"; path: string }
  | { op: "write"; path: string; base64: string }
  | { op: "mkdir"; path: string }
  | { op: "remove"; path: string; recursive: boolean }
  | { op: "move"; path: string; to: string };

/** Answers the page's file operations inside `root`, refusing any path that leaves it. */
async function answer(root: string, request: Operation) {
  const target = resolve(root, request.path);
  if (target !== root && !target.startsWith(root + sep)) throw new Error(`Outside the folder: ${request.path}`);
  switch (request.op) {
    case "list": {
      const entries = await readdir(target, { withFileTypes: true });
      return entries.map((entry) => ({ name: entry.name, kind: entry.isDirectory() ? "directory" : "file" }));
    }
    case "stat": {
      const info = await stat(target).catch(() => null);
      return info ? { kind: info.isDirectory() ? "directory" : "file" } : null;
    }
    case "read": {
      const [bytes, info] = await Promise.all([readFile(target), stat(target)]);
      return { base64: bytes.toString("base64"), lastModified: info.mtimeMs };
    }
    case "write":
      await writeFile(target, Buffer.from(request.base64, "base64"));
      return null;
    case "mkdir":
      await mkdir(target, { recursive: true });
      return null;
    case "remove":
      await rm(target, { recursive: request.recursive });
      return null;
    case "move": {
      const to = resolve(root, request.to);
      if (!to.startsWith(root + sep)) throw new Error(`Outside the folder: ${request.to}`);
      await rename(target, to);
      return null;
    }
  }
}

/** Gives the page's directory picker the folder `root` (the files the editor reads and writes). */
export async function pickFolderOnDisk(page: Page, root: string): Promise<{ writes: string[] }> {
  const writes: string[] = [];
  await page.exposeFunction("__folderOnDisk", async (request: Operation) => {
    if (request.op === "write" || request.op === "remove") writes.push(relative(root, resolve(root, request.path)));
    if (request.op === "move") writes.push(relative(root, resolve(root, request.to)));
    return answer(root, request);
  });
  await page.addInitScript(() => {
    type Entry = { name: string; kind: "file" | "directory" };
    const call = (request: Record<string, unknown>) =>
      (window as unknown as { __folderOnDisk: (r: unknown) => Promise<unknown> }).__folderOnDisk(request);
    const join = (path: string, name: string) => (path ? `${path}/${name}` : name);
    const notFound = (name: string) => new DOMException(`${name} was not found`, "NotFoundError");
    const mismatch = (name: string) => new DOMException(`${name} is of another kind`, "TypeMismatchError");
    const toBase64 = async (data: Blob) => {
      const bytes = new Uint8Array(await data.arrayBuffer());
      let text = "";
      for (const byte of bytes) text += String.fromCharCode(byte);
      return btoa(text);
    };

    class Handle {
      constructor(
        public path: string,
        public name: string,
        readonly kind: "file" | "directory",
      ) {}
      async queryPermission() {
        return "granted";
      }
      async requestPermission() {
        return "granted";
      }
      async isSameEntry(other: Handle) {
        return other.path === this.path && other.kind === this.kind;
      }
    }

    class FileHandle extends Handle {
      constructor(path: string, name: string) {
        super(path, name, "file");
      }
      /** Renames the file, within its folder or into another one (an atomic replace of the target). */
      async move(first: DirectoryHandle | string, second?: string) {
        const folder = typeof first === "string" ? this.path.split("/").slice(0, -1).join("/") : first.path;
        const name = typeof first === "string" ? first : (second ?? this.name);
        const to = join(folder, name);
        await call({ op: "move", path: this.path, to });
        this.path = to;
        this.name = name;
      }
      async getFile() {
        const { base64, lastModified } = (await call({ op: "read", path: this.path })) as {
          base64: string;
          lastModified: number;
        };
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        return new File([bytes], this.name, { lastModified });
      }
      async createWritable() {
        const parts: BlobPart[] = [];
        const path = this.path;
        return {
          async write(data: BlobPart | { type: string; data?: BlobPart }) {
            if (data && typeof data === "object" && "type" in data && !(data instanceof Blob)) {
              if (data.type === "write" && data.data !== undefined) parts.push(data.data);
              return;
            }
            parts.push(data as BlobPart);
          },
          async truncate() {},
          async seek() {},
          async abort() {},
          async close() {
            await call({ op: "write", path, base64: await toBase64(new Blob(parts)) });
          },
        };
      }
    }

    class DirectoryHandle extends Handle {
      constructor(path: string, name: string) {
        super(path, name, "directory");
      }
      async *entries(): AsyncGenerator<[string, Handle]> {
        const list = (await call({ op: "list", path: this.path })) as Entry[];
        for (const entry of list) {
          const path = join(this.path, entry.name);
          yield [
            entry.name,
            entry.kind === "directory" ? new DirectoryHandle(path, entry.name) : new FileHandle(path, entry.name),
          ];
        }
      }
      async *values() {
        for await (const [, handle] of this.entries()) yield handle;
      }
      async *keys() {
        for await (const [name] of this.entries()) yield name;
      }
      [Symbol.asyncIterator]() {
        return this.entries();
      }
      async getDirectoryHandle(name: string, options: { create?: boolean } = {}) {
        const path = join(this.path, name);
        const found = (await call({ op: "stat", path })) as { kind: string } | null;
        if (!found) {
          if (!options.create) throw notFound(name);
          await call({ op: "mkdir", path });
        } else if (found.kind !== "directory") throw mismatch(name);
        return new DirectoryHandle(path, name);
      }
      async getFileHandle(name: string, options: { create?: boolean } = {}) {
        const path = join(this.path, name);
        const found = (await call({ op: "stat", path })) as { kind: string } | null;
        if (!found) {
          if (!options.create) throw notFound(name);
          await call({ op: "write", path, base64: "" });
        } else if (found.kind !== "file") throw mismatch(name);
        return new FileHandle(path, name);
      }
      async removeEntry(name: string, options: { recursive?: boolean } = {}) {
        await call({ op: "remove", path: join(this.path, name), recursive: Boolean(options.recursive) });
      }
      async resolve(other: Handle) {
        return other.path.startsWith(this.path) ? other.path.slice(this.path.length).split("/").filter(Boolean) : null;
      }
    }

    Object.defineProperty(window, "showDirectoryPicker", {
      configurable: true,
      value: async () => new DirectoryHandle("", "website"),
    });
  });
  return { writes };
}

/** A working copy for the editor to change: the content folder and an empty .git beside it. */
export async function copyOfContent(from: string, to: string) {
  const { cp } = await import("node:fs/promises");
  await mkdir(join(to, ".git"), { recursive: true });
  await cp(join(from, "content"), join(to, "content"), { recursive: true });
}
