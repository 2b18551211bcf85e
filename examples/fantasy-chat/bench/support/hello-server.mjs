// The baseline every server figure is divided by: a bare Fastify 5 hello-world route, no plugins, no logger,
// in its own process like the app (PORT and HOST from the environment).
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? "127.0.0.1" });
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
