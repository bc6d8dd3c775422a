/**
 * The rebuild after an edit, with a builder standing in for the content: the order of events on a loaded
 * machine (an emptied file, the editor's next write, its watcher event arriving late) is set by the test.
 */
import { describe, expect, it } from 'vitest';
import type { DevBuildResult } from '../../../src/dev/dev-build.ts';
import { devRebuild, type DevOptions, type DevState } from '../../../src/dev/dev-server.ts';
import type { LiveReload } from '../../../src/dev/live-reload.ts';
import type { SiteError } from '../../../src/errors/site-error.ts';

const good = (changed: string[]): DevBuildResult => ({ ok: true, files: new Map([['/faq/index.html', new Uint8Array([1])]]), changed, rendered: 1 });
const broken: DevBuildResult = { ok: false, errors: [{ message: 'empty file' } as SiteError] };

function session() {
  const changes: (readonly string[] | '*')[] = [];
  const shownErrors: SiteError[][] = [];
  const live: LiveReload = {
    handler: async () => false,
    changed: (_build, routes) => void changes.push(routes),
    overlay: () => {},
    streams: () => 0,
    close: () => {},
  };
  const report: DevOptions['report'] = { rebuilt: () => {}, errors: (errors) => void shownErrors.push(errors), checkError: () => {}, storeError: () => {} };
  const state: DevState = {
    build: 'b',
    options: { contentDir: '/content', report } as DevOptions,
    live,
    files: new Map([['/faq/index.html', new Uint8Array([0])]]),
    errors: undefined,
    overlay: undefined,
    session: '',
    edits: 0,
    rebuilds: 0,
    filesEdited: false,
    closed: false,
  };
  return { state, changes, shownErrors };
}

/** Answers each rebuild with the next result; the watcher's event for the editor's write arrives during the second. */
function builderOf(state: DevState, results: DevBuildResult[]) {
  let calls = 0;
  return {
    rebuild: async () => {
      calls += 1;
      if (calls === 2) state.edits++;
      const result = results[calls - 1];
      if (!result) throw new Error(`no result for rebuild ${calls}`);
      return result;
    },
  };
}

describe('a rebuild that fails on an emptied file', () => {
  it("shows the editor's next write when its event arrives while the file is read again: open pages hear of it", async () => {
    const { state, changes, shownErrors } = session();
    // The first read finds the file empty; the second, after the grace period, finds the editor's write,
    // and the watcher reports that write only now: the next rebuild finds nothing new to build.
    const builder = builderOf(state, [broken, good(['/faq']), good([])]);
    const rebuild = devRebuild(state, builder, () => {});
    await rebuild();
    await rebuild();
    expect(changes.flat()).toContain('/faq');
    expect(shownErrors).toEqual([]);
  });

  it('shows nothing of the second read when it fails too and an edit came meanwhile: that edit rebuilds', async () => {
    const { state, changes, shownErrors } = session();
    const builder = builderOf(state, [broken, broken, good(['/faq'])]);
    const rebuild = devRebuild(state, builder, () => {});
    await rebuild();
    expect([changes, shownErrors]).toEqual([[], []]);
    await rebuild();
    expect(changes).toEqual([['/faq']]);
  });
});
