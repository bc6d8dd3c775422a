import { createInterface } from 'node:readline/promises';
import type { ContactExport } from '../server/contact-privacy.ts';
import type { LeadsResult } from '../server/leads-operations.ts';
import { leadsJson, leadsWording, localMinute, requestLine } from './leads-table.ts';
import type { NotificationWording } from '../../supabase/functions/_shared/lead-notification.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What `site leads export|erase|keep|unkeep|purge` prints on stdout; requests and times as `site leads` names them (`wording`). */
export function leadsResult(result: LeadsResult, wording: NotificationWording = leadsWording()): string {
  const at = (iso: string) => `${localMinute(iso, wording.timeZone)} (${wording.timeZone})`;
  switch (result.op) {
    case 'export':
      // The export is for the person: JSON, every stored value exactly as stored (terminal controls escaped).
      return leadsJson(result.data);
    case 'erase': {
      const counts = Object.entries(result.deleted)
        .map(([table, n]) => `${table}: ${n}`)
        .join(', ');
      const total = Object.values(result.deleted).reduce((sum, n) => sum + n, 0);
      return [
        `erased ${plural(total, 'row')} stored about ${result.email} (${counts})`,
        `recorded in contact_erasures as subject ${result.subjectHash.slice(0, 16)}… (HMAC-SHA-256 of the address; no personal data)`,
      ].join('\n');
    }
    case 'keep':
      return `kept ${result.id}: exempt from the retention purge (reason: ${JSON.stringify(result.reason)})`;
    case 'unkeep':
      return `${result.id} is no longer kept: the retention purge deletes it once it is due`;
    case 'purge': {
      const verb = result.dryRun ? 'would delete' : 'deleted';
      const head = `${verb} ${plural(result.requests.length, 'contact request')} not kept and older than ${result.retentionMonths} months as of ${at(result.now)}`;
      return [head, ...result.requests.map((r) => `  ${requestLine(r, wording)}`)].join('\n');
    }
    case 'failed': {
      if (result.notifications.length === 0) return 'no lead notification is failing: every stored request was delivered or is on its first try';
      const given = result.notifications.filter((n) => n.failed_at).length;
      const head = `${plural(result.notifications.length, 'lead notification')} not delivered (${given} given up, ${result.notifications.length - given} still retried):`;
      return [
        head,
        ...result.notifications.map(
          (n) =>
            `  ${n.request_id}  ${JSON.stringify(n.email)}  queued ${at(n.queued_at)}  ${plural(n.attempts, 'attempt')}  ${n.failed_at ? `given up ${at(n.failed_at)}` : `next try ${n.next_attempt_at ? at(n.next_attempt_at) : '–'}`}  ${n.last_error ?? ''}`,
        ),
      ].join('\n');
    }
  }
}

/** What `site leads erase` will delete, before it asks: each request as `requestLine` lists it, and the name (escaped). */
export function erasePreview(email: string, data: ContactExport, wording: NotificationWording = leadsWording()): string {
  const requests = data.contact_requests;
  if (requests.length === 0) return `nothing is stored about ${JSON.stringify(email)}`;
  const notifications = data.lead_notifications.length;
  return [
    `will erase ${plural(requests.length, 'contact request')} and ${plural(notifications, 'lead notification')} stored about ${JSON.stringify(email)}:`,
    ...requests.map((r) => `  ${requestLine(r, wording)}  ${leadsJson(r.name)}${r.kept_at ? `  kept (${leadsJson(r.keep_reason)})` : ''}`),
  ].join('\n');
}

/** Asks on `output`, reads one line from `input`: true only for "yes" or "y" (any case); false at the input's end. */
export async function askYes(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, question: string): Promise<boolean> {
  const rl = createInterface({ input, output, terminal: false });
  try {
    const answer = await new Promise<string | undefined>((resolve) => {
      rl.once('close', () => resolve(undefined));
      rl.question(question).then(resolve, () => resolve(undefined));
    });
    return answer !== undefined && /^\s*y(es)?\s*$/i.test(answer);
  } finally {
    rl.close();
  }
}
