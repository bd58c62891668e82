import { Authenticator, TokenSource, type OutgoingRequest } from "../../sdk/index.js";

/**
 * The base of the authenticators whose credential is a token that changes (OAuth, session tokens,
 * JWTs): the token comes from one {@link TokenSource}, and a 401 replaces the token that request
 * carried, once, before the HTTP client retries it.
 */
export abstract class TokenAuthenticator extends Authenticator {
  /** The token each signed request carried, to tell a 401 on the current token from a late one. */
  private readonly sent = new WeakMap<OutgoingRequest, string>();

  constructor(protected readonly source: TokenSource<string>) {
    super();
  }

  override async apply(request: OutgoingRequest): Promise<void> {
    const token = await this.source.get();
    this.inject(request, token);
    this.sent.set(request, token);
  }

  override async onUnauthorized(request?: OutgoingRequest): Promise<boolean> {
    return this.source.forceRefresh(request === undefined ? undefined : this.sent.get(request));
  }

  /** The current token (fetching one when needed), for a component that nests this one. */
  token(): Promise<string> {
    return this.source.get();
  }

  /** Puts the token into the request. */
  protected abstract inject(request: OutgoingRequest, token: string): void;
}
