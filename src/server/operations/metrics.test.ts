import { describe, expect, it } from "vitest";
import { routeLabel } from "./metrics.ts";

const requestFor = (url: string | undefined) => ({ routeOptions: { url } }) as Parameters<typeof routeLabel>[0];

describe("routeLabel: a bounded set of values", () => {
  it("is the route's pattern for the API, never the path asked for", () => {
    expect(routeLabel(requestFor("/api/admin/transactions/:id/approve"))).toBe("/api/admin/transactions/:id/approve");
    expect(routeLabel(requestFor("/metrics"))).toBe("/metrics");
  });

  it("is one label for every built file of the web app, and 'unmatched' for a path no route has", () => {
    expect(routeLabel(requestFor("/assets/index-B_bahhMP.css"))).toBe("web");
    expect(routeLabel(requestFor("/favicon.svg"))).toBe("web");
    expect(routeLabel(requestFor(undefined))).toBe("unmatched");
  });
});
