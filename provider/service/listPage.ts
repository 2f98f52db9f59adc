/**
 * One call of the provider protocol's `List`: one page of a kind's objects, read by the listing the audit uses
 * ({@link liveObjectsOf}), and a continuation token that resumes at the next service page without reading again the
 * pages already answered.
 */
import type { PageRead } from "../client/paginate";
import { kindNamed } from "../kinds";
import { displayNameOf, liveObjectsOf } from "../kinds/liveObjects";
import type { ApiClient, LiveObject } from "../engine";
import { containsUnknown } from "../engine";
import { checkedQuery, listingOf } from "./listableKinds";
import { StatusError } from "./statusError";
import type { KindDeclaration } from "../kinds";
import type { KindName } from "../kinds/names";
import type { Props } from "../engine";

/** The most objects one call answers: the service's largest page. */
export const LIST_PAGE_MAX = 100;
/** The service's smallest page: a smaller page size asks it for this many and answers part of the page. */
const SERVICE_PAGE_MIN = 10;

/** What a `List` request asks, as plain values. */
export interface ListAsk {
  /** The kind to list. */
  readonly kind: KindDeclaration;
  /** The name the caller gave the kind (its type token): errors and continuation tokens name it. */
  readonly token: string;
  readonly query: Props;
  /** The most objects of the whole listing, over every call; 0 or less: no limit. */
  readonly limit: number;
  /** The most objects of this call; 0 or less: the provider's page, {@link LIST_PAGE_MAX}. */
  readonly pageSize: number;
  /** Empty for the first page, else a token a previous call answered. */
  readonly continuationToken: string;
}

/** One page: the objects listed (id and display name), and the token of the next page ("" at the end). */
export type ListPage =
  | { readonly computed: true }
  | {
      readonly computed: false;
      readonly items: readonly { id: string; name: string }[];
      readonly continuationToken: string;
    };

/** Where the next call resumes: a service page, objects of it already answered, and what is left of the limit. */
interface Resume {
  readonly token: string;
  readonly query: Props;
  readonly pageToken?: string;
  readonly skip: number;
  readonly left?: number;
}

function encode(resume: Resume): string {
  return Buffer.from(JSON.stringify(resume)).toString("base64url");
}

function decode(ask: ListAsk): Resume | undefined {
  if (ask.continuationToken === "") return undefined;
  let resume: Resume;
  try {
    resume = JSON.parse(Buffer.from(ask.continuationToken, "base64url").toString()) as Resume;
  } catch {
    resume = {} as Resume;
  }
  if (typeof resume.skip !== "number") {
    throw new StatusError(
      `${ask.token}: the continuation token is not one a List call answered`,
      "INVALID_ARGUMENT",
    );
  }
  if (resume.token !== ask.token || JSON.stringify(resume.query) !== JSON.stringify(ask.query)) {
    throw new StatusError(
      `${ask.token}: the continuation token belongs to a listing of ${resume.token} with another query`,
      "INVALID_ARGUMENT",
    );
  }
  return resume;
}

/** What is left of the limit: the token's, lowered by the request's own limit when it sets one. */
function leftOfLimit(ask: ListAsk, resume: Resume | undefined): number | undefined {
  const asked = ask.limit > 0 ? ask.limit : undefined;
  if (resume?.left === undefined) return asked;
  return asked === undefined ? resume.left : Math.min(asked, resume.left);
}

/**
 * Answers one `List` call: at most `pageSize` objects (the service's page size is asked to match, so each call
 * costs one request from 10 up), never past the limit; unknown values in the query answer `computed`.
 */
export async function listPage(client: () => ApiClient, ask: ListAsk): Promise<ListPage> {
  const kindName = ask.kind.name as KindName;
  const listing = listingOf(ask.token, kindName);
  if (containsUnknown(ask.query)) return { computed: true };
  const query = checkedQuery(ask.token, listing, ask.query);
  const resume = decode(ask);
  const left = leftOfLimit(ask, resume);
  const take = Math.min(ask.pageSize > 0 ? ask.pageSize : LIST_PAGE_MAX, LIST_PAGE_MAX, left ?? Infinity);
  if (take <= 0) return { computed: false, items: [], continuationToken: "" };

  let page: PageRead | undefined;
  let pagesRead = 0;
  let fromPage = 0;
  const objects = liveObjectsOf(kindNamed(kindName), listing.scope(query), {
    client,
    paging: {
      pageSize: Math.max(SERVICE_PAGE_MIN, take),
      pageToken: resume?.pageToken,
      onPage: (read) => {
        page = read;
        pagesRead += 1;
        fromPage = 0;
      },
    },
  });
  const listed: LiveObject[] = [];
  let exhausted = false;
  try {
    while (listed.length < take) {
      const next = await objects.next();
      if (next.done) {
        exhausted = true;
        break;
      }
      fromPage += 1;
      if (pagesRead === 1 && fromPage <= (resume?.skip ?? 0)) continue;
      listed.push(next.value);
    }
  } finally {
    await objects.return(undefined);
  }
  const items = listed.map((live) => ({ id: live.id, name: displayNameOf(live) }));
  const done = exhausted || page === undefined || left === listed.length;
  const next = done ? undefined : nextResume(page as PageRead, fromPage);
  const continuationToken = next
    ? encode({
        token: ask.token,
        query: ask.query,
        ...next,
        ...(left === undefined ? {} : { left: left - listed.length }),
      })
    : "";
  return { computed: false, items, continuationToken };
}

/** Where the next call starts: later in the same service page, or at the next one (none past the last). */
function nextResume(page: PageRead, fromPage: number): { pageToken?: string; skip: number } | undefined {
  if (fromPage < page.size)
    return { ...(page.pageToken ? { pageToken: page.pageToken } : {}), skip: fromPage };
  return page.nextPageToken ? { pageToken: page.nextPageToken, skip: 0 } : undefined;
}
