import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";

/** A release page on this machine: the files of a folder over plain HTTP, with the paths asked for. */
export interface FileServer {
  /** `http://127.0.0.1:<port>/`. */
  readonly url: string;
  /** Every path asked for, with its status, oldest first (`GET /x.tar.gz 200`). */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Listens on `port` of the loopback, or on a free one when `port` is taken; answers the port listened on. */
function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE" && port !== 0) resolve(listen(server, 0));
      else reject(error);
    });
    server.listen(port, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
}

/** Serves the files under `dir` (which may not exist yet) on loopback `port` when free, else on a free port. */
export async function serveFiles(dir: string, port = 0): Promise<FileServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const urlPath = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const file = path.join(dir, path.normalize(urlPath));
    const answer = (status: number) => requests.push(`${request.method} ${urlPath} ${status}`);
    const sizeOf = async (): Promise<number | undefined> => {
      if (!file.startsWith(dir)) return undefined;
      const info = await stat(file).catch(() => undefined);
      return info?.isFile() ? info.size : undefined;
    };
    void sizeOf().then((size) => {
      if (size === undefined) {
        answer(404);
        response.writeHead(404).end();
        return;
      }
      answer(200);
      response.writeHead(200, { "content-length": size, "content-type": "application/octet-stream" });
      createReadStream(file).pipe(response);
    });
  });
  return {
    url: `http://127.0.0.1:${await listen(server, port)}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
