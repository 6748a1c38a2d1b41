// The built web app's files, and the answer to a request no route takes: the SPA's index.html for a
// page the browser asks for, our 404 error object for everything else.
import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { errorCodes } from "#shared/api-error.ts";
import { AppError } from "./errors.ts";

/** Serves `webDir` when it holds a build (null: the API alone, as in API tests), then sets the not-found handler. */
export async function serveWebApp(app: FastifyInstance, webDir: string | null): Promise<void> {
  const serveWeb = webDir !== null && existsSync(path.join(webDir, "index.html"));
  if (serveWeb) await registerWebFiles(app, webDir);
  app.setNotFoundHandler((request, reply) => {
    if (serveWeb && request.method === "GET" && !request.url.startsWith("/api/")) {
      // A client-side route: the SPA decides what to show (its own not-found page included).
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply
      .status(404)
      .send(new AppError(404, errorCodes.notFound, `No route ${request.method} ${request.url.split("?")[0]}`).toBody());
  });
}

async function registerWebFiles(app: FastifyInstance, webDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside every asset: sent as they are, no compression per request.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      // Vite fingerprints everything under assets/: it may be cached for good.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header("cache-control", "public, max-age=31536000, immutable");
    },
  });
}
