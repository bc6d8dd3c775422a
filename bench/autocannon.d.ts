/** The part of autocannon's API the load script uses (the package ships no types). */
declare module 'autocannon' {
  interface Stats {
    average: number;
    total: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Stats;
    latency: Stats;
    throughput: Stats;
    non2xx: number;
    errors: number;
  }
  export default function autocannon(options: { url: string; connections: number; duration: number }): Promise<Result>;
}
