// POST /api/contact (docs/product.md, Contact page: the message is really stored) and the public contact
// settings. Public and unauthenticated, so validated, bounded and rate-limited per IP.
import assert from "node:assert/strict";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contactMessageSchema } from "#shared/contact-schemas.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { contactMessages } from "../db/schema.ts";

export function registerContactRoutes(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/contact",
    {
      schema: { tags: ["public"], body: contactMessageSchema, response: { 201: z.object({ id: z.string() }) } },
      config: { rateLimit: { max: deps.config.rateLimits.contactMessagesPerIpPerHour, timeWindow: "1 hour" } },
    },
    async (request, reply) => {
      const { name, email, company, subject, message } = request.body;
      const [stored] = await deps.db
        .insert(contactMessages)
        .values({ name, email, company: company ?? null, subject, message })
        .returning({ id: contactMessages.id });
      assert(stored, "an insert without ON CONFLICT answers its row or throws");
      return reply.status(201).send({ id: stored.id });
    },
  );

  r.get(
    "/api/public-config",
    { schema: { tags: ["public"], response: { 200: z.object({ supportEmail: z.string(), chatUrl: z.string() }) } } },
    () => ({ supportEmail: deps.config.supportEmail, chatUrl: deps.config.chatUrl }),
  );
}
