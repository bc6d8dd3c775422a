/**
 * `site leads`: list the stored contact requests, and the privacy and notification operations on them
 * (export, erase, keep, unkeep, purge, --failed), through a running `site serve` or on the store directly.
 * Each sub-command imports the store when it runs, so the rest of the CLI never loads a database engine.
 */
import type { Command, Option } from 'commander';
import type { LeadsOperation, LeadsResult } from '../server/leads-operations.ts';
import { EXIT_ERRORS, EXIT_USAGE } from './exit-codes.ts';
import { messageOf, red } from './report.ts';

type Parsers = Pick<typeof import('../server/leads-operations.ts'), 'parseEmail' | 'parseId' | 'parseReason' | 'parseInstant'>;

type Rows = Awaited<ReturnType<typeof import('../server/leads.ts').readLeads>>;

/** What the sub-commands share: the exit code, the stored rows, and one operation on the store. */
interface LeadsCli {
  setExit: (code: number) => void;
  /** The parent's --data: `site leads --data d erase …` and `site leads erase … --data d` alike. */
  data: () => string;
  /** Every stored request (through the running server or on the store); undefined after reporting why not. */
  readRows: (data: string) => Promise<Rows | undefined>;
  /** Runs one data-subject or retention operation; input errors exit 2 and change nothing. */
  operation: (build: (parse: Parsers) => LeadsOperation, format?: (result: LeadsResult) => Promise<string>) => Promise<void>;
}

export function addLeadsCommand(program: Command, dataOption: Option, setExit: (code: number) => void): void {
  const leads = program
    .command('leads')
    .description('list the stored contact requests; export, erase, keep or purge them (also while `site serve` is running)')
    .option('--json', 'print a JSON array of rows instead of a table')
    .option('--csv', 'print the rows as CSV (cells a spreadsheet would run as formulas are neutralised)')
    .option('--wide', 'show every value whole in the table (messages are not clipped to the terminal width)')
    .option('--failed', 'list the new-lead notifications that are failing or were given up, with the last error per channel')
    .addOption(dataOption);
  const cli: LeadsCli = {
    setExit,
    data: () => leads.opts<{ data: string }>().data,
    readRows: (data) => readRows(data, setExit),
    operation: (build, format) => leadsOperation(cli, build, format),
  };
  leads.action(async (opts: { json?: boolean; csv?: boolean; wide?: boolean; failed?: boolean; data: string }) => {
    if (opts.failed) return cli.operation(() => ({ op: 'failed' }));
    const rows = await cli.readRows(opts.data);
    if (!rows) return;
    const [{ leadsJson, leadsTable }, { leadsCsv }] = await Promise.all([import('./leads-table.ts'), import('./leads-csv.ts')]);
    process.stdout.write(opts.csv ? leadsCsv(rows) : opts.json ? `${leadsJson(rows)}\n` : `${leadsTable(rows, process.stdout.columns ?? 120, opts.wide)}\n`);
  });
  addExport(leads, cli);
  addShow(leads, cli);
  addErase(leads, cli);
  addRetention(leads, cli);
}

async function readRows(data: string, setExit: (code: number) => void): Promise<Rows | undefined> {
  const [{ storeTarget }, { readLeads }, { describeTarget }] = await Promise.all([
    import('../server/contact-store.ts'),
    import('../server/leads.ts'),
    import('../server/local-backend.ts'),
  ]);
  const target = storeTarget(data);
  return readLeads(data, target).catch((error: unknown) => {
    process.stderr.write(red(`cannot read contact requests (${describeTarget(target)}): ${messageOf(error)}\n`));
    setExit(EXIT_ERRORS);
    return undefined;
  });
}

async function leadsOperation(cli: LeadsCli, build: (parse: Parsers) => LeadsOperation, format?: (result: LeadsResult) => Promise<string>): Promise<void> {
  const data = cli.data();
  const [{ storeTarget }, { runLeadsOperation }, operations, { describeTarget }, { leadsResult }] = await Promise.all([
    import('../server/contact-store.ts'),
    import('../server/leads.ts'),
    import('../server/leads-operations.ts'),
    import('../server/local-backend.ts'),
    import('./leads-privacy.ts'),
  ]);
  const target = storeTarget(data);
  try {
    const result = await runLeadsOperation(data, target, build(operations));
    process.stdout.write(`${format ? await format(result) : leadsResult(result)}\n`);
  } catch (error) {
    if (error instanceof operations.LeadsInputError) {
      process.stderr.write(red(`${error.message}; nothing was changed\n`));
      cli.setExit(EXIT_USAGE);
      return;
    }
    process.stderr.write(red(`cannot reach the contact requests (${describeTarget(target)}): ${messageOf(error)}\n`));
    cli.setExit(EXIT_ERRORS);
  }
}

/** `site leads export <email>`: everything stored about an address (Art. 15/20 DSGVO). */
function addExport(leads: Command, cli: LeadsCli): void {
  leads
    .command('export')
    .description('print everything stored about an e-mail address as JSON (Art. 15/20 DSGVO; case-insensitive)')
    .argument('<email>', 'the address, as the person gives it')
    .action(async (email: string, _opts: unknown) => {
      await cli.operation(({ parseEmail }) => ({ op: 'export', email: parseEmail(email) }));
    });
}

/** `site leads show <id>`: one request in full, with whether it is kept and its notification's state. */
function addShow(leads: Command, cli: LeadsCli): void {
  leads
    .command('show')
    .description('print one request in full: every value, the message with its line breaks, whether it is kept, its notification')
    .argument('<id>', 'the request id (first column of `site leads`), or its first 8 or more characters')
    .action(async (id: string, _opts: unknown) => {
      const { leadDetail } = await import('./leads-table.ts');
      const wanted = id.trim().toLowerCase();
      if (!/^[0-9a-f][0-9a-f-]{7,35}$/.test(wanted)) {
        process.stderr.write(red(`'${id}' is not a request id (the id column of \`site leads\`, or its first 8 characters)\n`));
        return cli.setExit(EXIT_USAGE);
      }
      const rows = await cli.readRows(cli.data());
      if (!rows) return;
      const found = rows.filter((r) => r.id.toLowerCase().startsWith(wanted));
      const [row] = found;
      if (!row || found.length > 1) {
        const why = found.length ? `${found.length} requests have ids starting ${wanted}: give more characters` : `no contact request has the id ${wanted}`;
        process.stderr.write(red(`${why} (\`site leads\` lists them)\n`));
        return cli.setExit(found.length ? EXIT_USAGE : EXIT_ERRORS);
      }
      process.stdout.write(`${leadDetail(row, await leadStatus(cli, row.id, row.email))}\n`);
    });
}

/** Whether a request is kept and its notification's state, read as `site leads export` reads them (none when that fails). */
async function leadStatus(cli: LeadsCli, id: string, email: string): Promise<import('./leads-table.ts').LeadStatus> {
  const [{ storeTarget }, { runLeadsOperation }] = await Promise.all([import('../server/contact-store.ts'), import('../server/leads.ts')]);
  const data = cli.data();
  try {
    const result = await runLeadsOperation(data, storeTarget(data), { op: 'export', email });
    if (result.op !== 'export') return {};
    const record = result.data.contact_requests.find((r) => r.id === id);
    const notification = result.data.lead_notifications.find((n) => n.request_id === id);
    return { kept_at: record?.kept_at ?? null, keep_reason: record?.keep_reason ?? null, ...(notification ? { notification } : {}) };
  } catch (error) {
    process.stderr.write(red(`cannot read whether ${id} is kept or notified: ${messageOf(error)}\n`));
    return {};
  }
}

/** `site leads erase <email>`: shows what is stored, asks, then erases it in one transaction (Art. 17 DSGVO). */
function addErase(leads: Command, cli: LeadsCli): void {
  leads
    .command('erase')
    .description(
      'delete everything stored about an e-mail address in one transaction, and record the erasure without personal data (Art. 17 DSGVO); shows what it deletes and asks first',
    )
    .argument('<email>', 'the address, as the person gives it (case-insensitive)')
    .option('--yes', 'erase without asking (scripts); what is deleted is still printed')
    .option('--dry-run', 'show what would be deleted, delete nothing')
    .action(async (email: string, opts: { yes?: boolean; dryRun?: boolean }) => {
      // What is stored is shown first (the export), so the operator sees what the erasure takes.
      let preview: string | undefined;
      let stored = 0;
      await cli.operation(
        ({ parseEmail }) => ({ op: 'export', email: parseEmail(email) }),
        async (result) => {
          const { erasePreview } = await import('./leads-privacy.ts');
          if (result.op !== 'export') return '';
          stored = result.data.contact_requests.length;
          preview = erasePreview(email, result.data);
          return preview;
        },
      );
      if (preview === undefined) return;
      if (opts.dryRun) return void process.stdout.write('dry run: nothing was erased\n');
      if (stored > 0 && !opts.yes) {
        const { askYes } = await import('./leads-privacy.ts');
        if (!process.stdin.isTTY) {
          process.stderr.write(red('nothing was erased: confirm on a terminal, or pass --yes (--dry-run only shows what would be deleted)\n'));
          return cli.setExit(EXIT_USAGE);
        }
        if (!(await askYes(process.stdin, process.stderr, `erase ${stored === 1 ? 'it' : `all ${stored}`}? type yes to confirm: `))) {
          process.stderr.write(red('nothing was erased\n'));
          return cli.setExit(EXIT_ERRORS);
        }
      }
      await cli.operation(({ parseEmail }) => ({ op: 'erase', email: parseEmail(email) }));
    });
}

/** `site leads keep|unkeep|purge`: the retention rule and its exemptions. */
function addRetention(leads: Command, cli: LeadsCli): void {
  leads
    .command('keep')
    .description('exempt a request from the retention purge (it led to a contract), with the reason')
    .argument('<id>', 'the request id (first column of `site leads`)')
    .requiredOption('--reason <text>', 'why it is kept, e.g. "contract 2026-114"')
    .action(async (id: string, opts: { reason: string }) => {
      await cli.operation(({ parseId, parseReason }) => ({ op: 'keep', id: parseId(id), reason: parseReason(opts.reason) }));
    });

  leads
    .command('unkeep')
    .description('return a kept request to the retention rule')
    .argument('<id>', 'the request id')
    .action(async (id: string, _opts: unknown) => {
      await cli.operation(({ parseId }) => ({ op: 'unkeep', id: parseId(id) }));
    });

  leads
    .command('purge')
    .description('delete every request that is not kept and older than the retention period (constants.privacy.contactRetentionMonths)')
    .option('--now <time>', 'evaluate the rule as of this ISO 8601 time (2026-06-01, 2026-06-01T12:00:00Z) instead of now')
    .option('--dry-run', 'list what would be deleted, delete nothing')
    .action(async (opts: { now?: string; dryRun?: boolean }) => {
      await cli.operation(({ parseInstant }) => ({
        op: 'purge',
        now: opts.now === undefined ? undefined : parseInstant(opts.now).toISOString(),
        dryRun: Boolean(opts.dryRun),
      }));
    });
}
