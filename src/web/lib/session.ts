// The session: who is signed in (GET /api/me), whether they are an admin, and whether
// the first check is still running. Only screens that need it ask, so the public pages never call
// the API. Sign-in and sign-out go through useAuthActions so the cached answer is always replaced.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useNavigate } from "react-router";
import type { Me } from "#shared/me.ts";
import { ApiError, api } from "./api-client.ts";
import { activateLocale, currentLocale, isLocale } from "./i18n.ts";
import { forgetKeptDrafts } from "./kept-drafts.ts";

export const sessionQueryKey = ["session", "me"] as const;

const sessionStaleTimeMs = 30_000;

/** The signed-in user, or null when nobody is (401). */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  let me: Me | null;
  try {
    me = await api.get<Me>("/api/me", signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) me = null;
    else throw error;
  }
  await followProfileLanguage(me);
  return me;
}

// GET /api/me also answers the language saved on the profile ("en" | "bn"). Read through a local
// type until src/shared/me.ts declares it in meSchema.
type WithLanguage = { language?: unknown };

// The user whose saved language was last applied: it is applied once per sign-in (or first session
// load), so a later re-read of /api/me never undoes a switch made meanwhile on this page.
let languageAppliedFor: string | null = null;

/**
 * At sign-in, and when a page opens with a session, the app switches to the language saved on the
 * profile: it is the user's own choice and follows them to another browser. A switch after that
 * is saved on the profile by the language switcher.
 */
async function followProfileLanguage(me: Me | null): Promise<void> {
  if (me === null) {
    languageAppliedFor = null;
    return;
  }
  if (languageAppliedFor === me.id) return;
  languageAppliedFor = me.id;
  const saved = (me as Me & WithLanguage).language;
  if (isLocale(saved) && saved !== currentLocale()) await activateLocale(saved, { remember: true });
}

export type Session = { user: Me | null; isAdmin: boolean; loading: boolean; error: Error | null };

export function useSession(): Session {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: sessionStaleTimeMs,
  });
  const user = query.data ?? null;
  return { user, isAdmin: user?.isAdmin ?? false, loading: query.isPending, error: query.error };
}

export type SignInBody = { email: string; password: string };
export type SignUpBody = { email: string; password: string; username: string; country: string };

export function useAuthActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  /** Reads /api/me again and stores the answer as the session. */
  const refreshSession = useCallback(async (): Promise<Me | null> => {
    const me = await fetchMe();
    queryClient.setQueryData(sessionQueryKey, me);
    return me;
  }, [queryClient]);

  // Another user's cached data must never show after a change of user.
  const forgetEverything = useCallback(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  }, [queryClient]);

  const signIn = useCallback(
    async (body: SignInBody): Promise<Me | null> => {
      forgetEverything();
      await api.post("/api/auth/sign-in/email", body);
      return refreshSession();
    },
    [forgetEverything, refreshSession],
  );

  const signUp = useCallback(
    async (body: SignUpBody): Promise<Me | null> => {
      forgetEverything();
      // The new profile starts in the language the visitor is reading.
      await api.post("/api/auth/sign-up/email", { language: currentLocale(), ...body });
      return refreshSession();
    },
    [forgetEverything, refreshSession],
  );

  /** Ends the session on the server without leaving the page (admin login uses it). */
  const endServerSession = useCallback(async (): Promise<void> => {
    await api.post("/api/auth/sign-out");
    forgetEverything();
    queryClient.setQueryData(sessionQueryKey, null);
  }, [forgetEverything, queryClient]);

  /**
   * Signs out, then leaves for `redirectTo` before forgetting the user: were the session cleared
   * while the guarded page is still on screen, its route guard would redirect on its own. flushSync
   * makes the router leave at once instead of keeping the old page up while the next one loads.
   */
  const signOut = useCallback(
    async (redirectTo: string): Promise<void> => {
      await api.post("/api/auth/sign-out");
      await navigate(redirectTo, { replace: true, flushSync: true });
      forgetEverything();
      // A kept draft dies with its owner's sign-out (decision 039). Not at sign-in (the sign-in pages
      // end any earlier session first, with endServerSession): a draft kept when the session expired
      // is for after signing in again, and only its owner's form reads it.
      forgetKeptDrafts();
      queryClient.setQueryData(sessionQueryKey, null);
    },
    [forgetEverything, navigate, queryClient],
  );

  return useMemo(
    () => ({ signIn, signUp, signOut, endServerSession, refreshSession }),
    [signIn, signUp, signOut, endServerSession, refreshSession],
  );
}
