import type { ApiClient, LiveObject } from "./kind";

/** A listing of a kind's objects that tells each one's `iac_resource_address`, named so a process can keep it. */
export interface AddressListing {
  /** Names the listing: the kind and the collection it lists (an app resource's app and type). */
  readonly key: string;
  /** Lists every object of the collection, grouped by the address its annotations carry. */
  load(client: ApiClient): Promise<Map<string, LiveObject[]>>;
}

/**
 * What objects already carry each resource address, per listing, for one provider process: each collection is
 * listed once, on the first create that needs it, and kept current by the process's own creates and deletes. A run
 * that was cut short left objects its state does not know; the next run's provider finds them here before creating.
 */
export class AddressIndex {
  private readonly listings = new Map<string, Promise<Map<string, LiveObject[]>>>();

  /** The objects carrying `address` in the listing (listed now if this process has not listed it yet). */
  async find(listing: AddressListing, client: ApiClient, address: string): Promise<readonly LiveObject[]> {
    let loaded = this.listings.get(listing.key);
    if (!loaded) {
      loaded = listing.load(client);
      this.listings.set(listing.key, loaded);
      // A failed listing is not kept: the next create lists again.
      loaded.catch(() => this.listings.delete(listing.key));
    }
    return (await loaded).get(address) ?? [];
  }

  /** Drops the kept listing, so that the next create that needs it lists the collection again. */
  relist(listing: AddressListing): void {
    this.listings.delete(listing.key);
  }

  /** Records an object this process made (or adopted) under `address`, when the listing is kept. */
  async record(listing: AddressListing, address: string, live: LiveObject): Promise<void> {
    const objects = await this.listings.get(listing.key)?.catch(() => undefined);
    if (!objects) return;
    const others = (objects.get(address) ?? []).filter((object) => object.id !== live.id);
    objects.set(address, [...others, live]);
  }

  /** Forgets an object this process deleted (ids are unique across kinds), in every listing kept. */
  async forget(id: string): Promise<void> {
    for (const loaded of this.listings.values()) {
      const objects = await loaded.catch(() => undefined);
      for (const [address, live] of objects ?? []) {
        // Only the address that holds it is rewritten: a destroy of N forgets N objects among N addresses.
        if (live.some((object) => object.id === id))
          objects?.set(
            address,
            live.filter((object) => object.id !== id),
          );
      }
    }
  }
}
