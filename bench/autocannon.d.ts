// The slice of autocannon's API the bench uses (the package ships no types; see its README).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    timeout?: number;
    /** Requests per second across all connections (default: as fast as the server answers). */
    overallRate?: number;
    /** Called once per connection; lets each connection send its own request. */
    setupClient?: (client: Client) => void;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Client {
    /** Replaces only the next request: later ones fall back to the defaults (`GET /`). */
    setRequest(request: Request): void;
    /** The requests this connection sends, in turn, for the whole run. */
    setRequests(requests: Request[]): void;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  interface Instance {
    stop(): void;
  }
  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
  export type { Options, Result, Instance, Client };
}
