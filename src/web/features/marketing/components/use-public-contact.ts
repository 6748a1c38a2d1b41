import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client.ts";
import { publicChatUrl, publicSupportEmail, type PublicConfig } from "#shared/public-contact.ts";

const defaults: PublicConfig = { chatUrl: publicChatUrl, supportEmail: publicSupportEmail };

/**
 * The configured chat link and support address (GET /api/public-config), asked once per visit.
 * Until the answer comes, or if it never does, the defaults (the same as the server's) are used.
 */
export function usePublicContact(): PublicConfig {
  const { data } = useQuery({
    queryKey: ["public-config"],
    queryFn: ({ signal }) => api.get<PublicConfig>("/api/public-config", signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    select: sanitize,
  });
  return data ?? defaults;
}

// Only an http(s) link becomes an href (never javascript: or data:), and only a plain address a mailto:.
function sanitize(config: PublicConfig): PublicConfig {
  return {
    chatUrl: isWebUrl(config.chatUrl) ? config.chatUrl : publicChatUrl,
    supportEmail: /^[^\s@?&#/]+@[^\s@?&#/]+\.[^\s@?&#/]+$/.test(config.supportEmail) ? config.supportEmail : publicSupportEmail,
  };
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
