import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
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

/** Serves the files under `dir` (which may not exist yet) on a free loopback port. */
export async function serveFiles(dir: string): Promise<FileServer> {
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
