/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  type Options = {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    body?: string;
  };
  type Result = { errors: number; non2xx: number };
  type Instance = {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): void;
  };
  function autocannon(options: Options, done: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
