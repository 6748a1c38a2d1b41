import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

const gcTimeMs = 5 * 60 * 1000;
const retriesMax = 3;
const retryDelayMaxMs = 30_000;

/** A refused request (4xx) is not retried: only network failures and server errors are. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < retriesMax;
}

/** min(1000 × 2^n, 30000) ms before retry n. */
export function retryDelayMs(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, retryDelayMaxMs);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: gcTimeMs, retry: shouldRetry, retryDelay: retryDelayMs, refetchOnWindowFocus: true },
      // A mutation may move money or change state: never send it twice on our own.
      mutations: { retry: false },
    },
  });
}
