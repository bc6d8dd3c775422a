import { createContext, memo, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Messages } from '../messages/index.ts';
import { IMAGE_LIMIT_BYTES } from '../image-upload.ts';
import { api, type TranslationMark } from './api.ts';
import {
  entryLabel,
  fieldHelp,
  fieldId,
  fieldLabel,
  fieldOrder,
  friendlyError,
  hasReference,
  isLinkTarget,
  isLongText,
  itemTitle,
  LINK_TARGETS_ID,
  memberOf,
  membersOf,
  NAVIGATION,
  newValue,
  optionLabel,
  parseNumber,
  placeholderFor,
  readAs,
  takesReference,
  type Constant,
  type DocPath,
  type FormKind,
  type JsonSchema,
} from './form-model.ts';
import { valueAt } from './paths.ts';

/** What every field reads besides its own value: the author's language, the file's context, the change handler. */
export interface FormContext {
  m: Messages;
  english: boolean;
  /** The kind of file the form edits: a key can mean something else at the top of a locale file than in a page. */
  kind: FormKind;
  /** The file's language, for numbers and prices as its pages print them. */
  intl: string;
  constants: Constant[];
  /** The same file in the default language (the translation view), or undefined. */
  source?: unknown;
  sourceLocale?: string;
  marks: ReadonlyMap<string, TranslationMark>;
  /** The loader's messages by field id. */
  errors: ReadonlyMap<string, string[]>;
  /** Document paths (JSON) of record entries other content depends on: not removable. */
  locked: ReadonlySet<string>;
  change(path: DocPath, value: unknown): void;
}

const Context = createContext<FormContext | undefined>(undefined);
const useForm = () => useContext(Context) as FormContext;
const props = (schema: JsonSchema) => (schema.properties ?? {}) as Record<string, JsonSchema>;
const lastKey = (path: DocPath) => path[path.length - 1];

export function ContentForm({ schema, data, context }: { schema: JsonSchema; data: unknown; context: FormContext }) {
  return (
    <Context.Provider value={context}>
      <div className="content-form">
        <ObjectFields schema={schema} value={data} path={[]} />
      </div>
    </Context.Provider>
  );
}

function markText(mark: TranslationMark, m: Messages): string {
  return mark.state === 'stale' && mark.recorded === false ? m.marks.staleNever : m.marks[mark.state];
}

/** Under a field: its errors, its translation mark, and the default language's text it translates. */
function FieldNotes({ path, value }: { path: DocPath; value: unknown }) {
  const { m, errors, marks, source, sourceLocale } = useForm();
  const id = fieldId(path);
  const own = errors.get(id);
  const mark = marks.get(JSON.stringify(path));
  const original = source === undefined || !path.length ? undefined : valueAt(source, path);
  return (
    <>
      {own ? (
        <ul className="error-detail" id={`${id}__error`}>
          {own.map((message, i) => (
            <li key={i}>{friendlyError(message, m)}</li>
          ))}
        </ul>
      ) : null}
      {mark ? (
        <p className={`translation-mark mark-${mark.state}`} id={`${id}__translation`}>
          {markText(mark, m)}
        </p>
      ) : null}
      {typeof original === 'string' && original !== '' && typeof value === 'string' && original !== value ? (
        <p className="source" lang={sourceLocale}>
          <span className="source-label">{sourceLocale?.toUpperCase()}</span> {original}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (id: string) => `${id}__error ${id}__description ${id}__reads ${id}__translation`;

/** A labelled control: label, help, the control, its notes. */
function Leaf({ path, schema, value, label, children }: { path: DocPath; schema: JsonSchema; value: unknown; label: string; children: ReactNode }) {
  const { m, english, kind } = useForm();
  const id = fieldId(path);
  const key = lastKey(path);
  const help = typeof key === 'string' ? fieldHelp(key, schema, m, english, path, kind) : undefined;
  return (
    <div className={`field${useForm().errors.has(id) ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {help ? (
        <p className="field-description" id={`${id}__description`}>
          {help}
        </p>
      ) : null}
      {children}
      <FieldNotes path={path} value={value} />
    </div>
  );
}

interface FieldProps {
  schema: JsonSchema;
  value: unknown;
  path: DocPath;
  label: string;
  inList?: string;
  bare?: boolean;
}

const samePath = (a: DocPath, b: DocPath) => a.length === b.length && a.every((key, i) => key === b[i]);

/**
 * A field draws again only when its own value (by identity: `setAt` copies just the objects on the edited path),
 * schema, place or label changed, or what every field reads (the form's context): a keystroke redraws the path to
 * one text, not the form, on the main thread the preview frame shares.
 */
const Field = memo(
  AnyField,
  (a: FieldProps, b: FieldProps) =>
    a.schema === b.schema && a.value === b.value && a.label === b.label && a.inList === b.inList && a.bare === b.bare && samePath(a.path, b.path),
);

/** Any value by its schema. `label`: how its parent names it; `inList`: the list key a string item belongs to. */
function AnyField({ schema, value, path, label, inList, bare }: FieldProps) {
  const members = membersOf(schema);
  if (members) return <UnionField members={members} tagged={!!schema.discriminator} value={value} path={path} label={label} bare={bare} inList={inList} />;
  if (schema.const !== undefined) return null;
  if (schema.type === 'object' && schema.properties && bare)
    return (
      <>
        <FieldNotes path={path} value={value} />
        <ObjectFields schema={schema} value={value} path={path} />
      </>
    );
  if (schema.type === 'object' && schema.properties) return <ObjectField schema={schema} value={value} path={path} label={label} />;
  if (schema.type === 'object') return <RecordField schema={schema} value={value} path={path} label={label} />;
  if (schema.type === 'array') return <ArrayField schema={schema} value={value} path={path} label={label} />;
  return <ScalarField schema={schema} value={value} path={path} label={label} inList={inList} />;
}

function ScalarField({ schema, value, path, label, inList }: { schema: JsonSchema; value: unknown; path: DocPath; label: string; inList?: string }) {
  const { m, change } = useForm();
  const id = fieldId(path);
  const common = { id, name: id, 'aria-describedby': describedBy(id) };
  let control: ReactNode;
  if (Array.isArray(schema.enum)) {
    // An unset choice with a default shows the default (what the site uses), not "Choose…"; picking it is no edit.
    const shown = value ?? schema.default;
    control = (
      <select {...common} value={shown === undefined ? '' : String(shown)} onChange={(e) => change(path, e.target.value === '' ? undefined : e.target.value)}>
        {shown === undefined ? <option value="">{m.choose}</option> : null}
        {(schema.enum as string[]).map((option) => (
          <option key={option} value={option}>
            {optionLabel(String(option), m)}
          </option>
        ))}
      </select>
    );
  } else if (schema.type === 'boolean')
    control = <input type="checkbox" {...common} checked={value === true} onChange={(e) => change(path, e.target.checked)} />;
  else if (schema.type === 'number' || schema.type === 'integer')
    control = <NumberInput common={common} integer={schema.type === 'integer'} value={value} set={(next) => change(path, next)} />;
  else return <TextField schema={schema} value={value} path={path} label={label} inList={inList} />;
  return (
    <Leaf path={path} schema={schema} value={value} label={label}>
      {control}
    </Leaf>
  );
}

/**
 * A number in a text box: the author's own text stays as typed ("17,90"), the data gets the number it means. A text
 * that is no number goes to the data as it is, so the check names the field ("Enter a number.") and nothing is
 * saved, instead of a number box silently dropping a comma (17,90 → 1790).
 */
function NumberInput({
  common,
  integer,
  value,
  set,
}: {
  common: { id: string; name: string; 'aria-describedby': string | undefined };
  integer: boolean;
  value: unknown;
  set(next: unknown): void;
}) {
  const shown = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const [text, setText] = useState(shown);
  // A change from outside (discard, another tab's save) replaces the text; the author's own typing means the same value.
  useEffect(() => setText((own) => (parseNumber(own, integer) === value || own === value ? own : shown)), [value, shown, integer]);
  const typed = (next: string) => {
    setText(next);
    set(next.trim() === '' ? undefined : (parseNumber(next, integer) ?? next));
  };
  return <input type="text" inputMode={integer ? 'numeric' : 'decimal'} {...common} value={text} onChange={(e) => typed(e.target.value)} />;
}

/** A text: a line or a growing box (chosen once, so typing never swaps the control), and the constant picker where a text can hold one. */
function TextField({ schema, value, path, label, inList }: { schema: JsonSchema; value: unknown; path: DocPath; label: string; inList?: string }) {
  const { m, change, constants, intl, kind } = useForm();
  const id = fieldId(path);
  const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);
  // site.yaml's own texts are printed as written (references are resolved in pages and UI strings only).
  const refers = kind !== 'site';
  const [long] = useState(() => isLongText(inList ?? lastKey(path), text));
  const set = (next: string) => change(path, next === '' ? undefined : next);
  const common = {
    id,
    name: id,
    value: text,
    placeholder: placeholderFor(inList, m),
    'aria-describedby': describedBy(id),
    onChange: (e: { target: { value: string } }) => set(e.target.value),
  };
  const insert = (ref: string) => {
    const control = document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null;
    const at = control?.selectionStart ?? text.length;
    set(`${text.slice(0, at)}{{${ref}}}${text.slice(control?.selectionEnd ?? at)}`);
  };
  return (
    <Leaf path={path} schema={schema} value={value} label={label}>
      <div className="text-widget">
        {long ? <textarea {...common} rows={2} /> : <input type="text" {...common} list={isLinkTarget(lastKey(path)) ? LINK_TARGETS_ID : undefined} />}
        {refers && constants.length && takesReference(schema, lastKey(path), inList) ? (
          <select className="constant-picker" aria-label={m.insertConstant(label)} value="" onChange={(e) => e.target.value && insert(e.target.value)}>
            <option value="">{m.insertPlaceholder}</option>
            {constants.map((c) => (
              <option key={c.ref} value={c.ref}>
                {m.constantOption(c.value, c.ref)}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      {refers && hasReference(text) ? <ReadsAs id={`${id}__reads`} text={text} constants={constants} intl={intl} m={m} /> : null}
    </Leaf>
  );
}

/**
 * Under a text with `{{…}}` references: the sentence as the page prints it, each value from the settings as a
 * marked chip naming its reference (hover, and read with the field as its description), an unknown one flagged.
 * The field itself keeps the references as written, so a save changes nothing the author did not type.
 */
function ReadsAs({ id, text, constants, intl, m }: { id: string; text: string; constants: Constant[]; intl: string; m: Messages }) {
  return (
    <p className="reads-as" id={id}>
      <span className="reads-as-label">{m.readsAs}</span>{' '}
      {readAs(text, constants, intl).map((part, i) =>
        part.ref === undefined ? (
          <span key={i}>{part.text}</span>
        ) : part.value === undefined ? (
          <span key={i} className="ref-chip ref-unknown" title={m.referenceUnknown(part.ref)}>
            {part.source}
          </span>
        ) : (
          <span key={i} className="ref-chip" title={m.referenceTitle(part.ref)}>
            {part.value}
          </span>
        ),
      )}
    </p>
  );
}

/** An object's fields: what authors change first, the rest under a closed "more settings". */
function ObjectFields({ schema, value, path }: { schema: JsonSchema; value: unknown; path: DocPath }) {
  const { m, kind } = useForm();
  const record = (value ?? {}) as Record<string, unknown>;
  const { first, more } = fieldOrder(schema, path, kind);
  const fields = (keys: string[]) =>
    keys.map((key) => {
      const child = props(schema)[key] as JsonSchema;
      return <Field key={key} schema={child} value={record[key]} path={[...path, key]} label={fieldLabel(key, child, m, [...path, key], kind)} />;
    });
  return (
    <>
      {kind === 'locale' && !path.length ? <NavigationGroup schema={schema} value={record} /> : null}
      {fields(first)}
      {more.length ? (
        <details className="more">
          <summary>
            {m.more} <span className="more-hint">({m.moreHint})</span>
          </summary>
          {fields(more)}
        </details>
      ) : null}
    </>
  );
}

/** A locale file's navigation as one group, first: the header's menus and the footer's columns (NAVIGATION). */
function NavigationGroup({ schema, value }: { schema: JsonSchema; value: Record<string, unknown> }) {
  const { m } = useForm();
  const labels = [m.navigationHeader, m.navigationFooter];
  return (
    <fieldset className="object navigation" id="root_navigation">
      <legend>{m.navigation}</legend>
      {NAVIGATION.map(([parent, key], i) => {
        const child = props(props(schema)[parent] ?? {})[key];
        if (!child) return null;
        const own = value[parent] as Record<string, unknown> | undefined;
        return <Field key={key} schema={child} value={own?.[key]} path={[parent, key]} label={labels[i] ?? key} />;
      })}
    </fieldset>
  );
}

/** A nested object; an optional one that is absent is offered as "+ add". */
function ObjectField({ schema, value, path, label }: { schema: JsonSchema; value: unknown; path: DocPath; label: string }) {
  const { m, change } = useForm();
  if (value === undefined && props(schema).src && props(schema).alt) return <NewImage schema={schema} path={path} label={label} />;
  if (value === undefined)
    return (
      <div className="field absent">
        <button type="button" className="add" onClick={() => change(path, newValue(schema, m, lastKey(path)))}>
          {m.add(label)}
        </button>
      </div>
    );
  return (
    <fieldset className="object" id={fieldId(path)}>
      <legend>{label}</legend>
      <FieldNotes path={path} value={value} />
      {props(schema).src && props(schema).alt ? <ImageUpload path={path} value={value} /> : null}
      <ObjectFields schema={schema} value={value} path={path} />
    </fieldset>
  );
}

/** A value of one of several kinds (a paragraph or a list …): its kind can be switched. */
function UnionField({
  members,
  tagged,
  value,
  path,
  label,
  bare,
  inList,
}: {
  members: JsonSchema[];
  tagged: boolean;
  value: unknown;
  path: DocPath;
  label: string;
  bare?: boolean;
  inList?: string;
}) {
  const { m, change } = useForm();
  const member = memberOf(value, members) ?? (members[0] as JsonSchema);
  const index = members.indexOf(member);
  // A section's kind is its heading: switching it would drop what the author wrote.
  const switchable = !tagged && members.filter((x) => x.type !== 'null').length > 1;
  return (
    <div className="union">
      {switchable ? (
        <label className="kind">
          {m.kindOf}{' '}
          <select value={index} onChange={(e) => change(path, newValue(members[Number(e.target.value)] as JsonSchema, m, lastKey(path)))}>
            {members.map((x, i) => (
              <option key={i} value={i}>
                {optionLabel(String(x.title ?? x.type), m)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <Field schema={member} value={value} path={path} label={label} bare={bare} inList={inList} />
    </div>
  );
}

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const copy = [...list];
  copy.splice(to, 0, ...copy.splice(from, 1));
  return copy;
};

/** A list: items titled by their content, each movable and removable within the schema's bounds; new items valid. */
function ArrayField({ schema, value, path, label }: { schema: JsonSchema; value: unknown; path: DocPath; label: string }) {
  const { m, change, constants, intl } = useForm();
  const list = Array.isArray(value) ? value : [];
  const items = (schema.items ?? {}) as JsonSchema;
  const members = membersOf(items);
  const key = String(lastKey(path) ?? '');
  const removable = list.length > Number(schema.minItems ?? 0);
  const addable = schema.maxItems === undefined || list.length < Number(schema.maxItems);
  const id = fieldId(path);
  const [opened, setOpened] = useState<number>();
  // A new item's first text gets the focus, its placeholder selected: the author types over "Neue Frage?" at once.
  const focusNew = useRef<number>(undefined);
  useEffect(() => {
    const at = focusNew.current;
    focusNew.current = undefined;
    const item = at === undefined ? null : document.getElementById(fieldId([...path, at]));
    const control = item?.matches('input, textarea') ? item : item?.querySelector('input[type="text"], textarea');
    if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
      control.focus();
      control.select();
    }
  }, [list.length, path]);
  const add = (item: unknown) => {
    change(path, [...list, item]);
    setOpened(list.length);
    focusNew.current = list.length;
  };
  const scalarItems = !members && items.type !== 'object' && items.type !== 'array';
  // Blocks of a text (paragraphs, lists, sub-headings) read in place, one after the other, not as closed cards.
  // Entries that may be links (a footer column's) are cards titled by their text, like any other list's items.
  const blocks = !!members && !items.discriminator && !members.some((x) => x.title === 'linkItem');
  return (
    <fieldset className={`list${scalarItems ? ' list-scalar' : ''}`} id={id}>
      <legend>{label}</legend>
      <FieldNotes path={path} value={value} />
      {list.map((item, i) => {
        const name = m.item(label, i + 1);
        const tools = (
          <ItemTools
            name={itemTitle(item, name, m, constants, intl)}
            up={i > 0 ? () => change(path, move(list, i, i - 1)) : undefined}
            down={i < list.length - 1 ? () => change(path, move(list, i, i + 1)) : undefined}
            remove={
              removable
                ? () =>
                    change(
                      path,
                      list.filter((_, j) => j !== i),
                    )
                : undefined
            }
          />
        );
        if (scalarItems || blocks)
          return (
            <div className={blocks ? 'list-block' : 'list-row'} key={i}>
              {blocks ? tools : null}
              <Field schema={items} value={item} path={[...path, i]} label={name} inList={key} />
              {blocks ? null : tools}
            </div>
          );
        return (
          <ListItem key={i} path={[...path, i]} title={itemTitle(item, name, m, constants, intl)} open={key === 'sections' || opened === i} tools={tools}>
            <Field schema={items} value={item} path={[...path, i]} label={name} bare />
          </ListItem>
        );
      })}
      {addable ? <AddItem items={items} members={members} label={label} listKey={key} add={add} /> : null}
    </fieldset>
  );
}

/** A list item as a card titled by its content; closed unless it is a page section or new, or holds an error. */
function ListItem({ path, title, open, tools, children }: { path: DocPath; title: string; open: boolean; tools: ReactNode; children: ReactNode }) {
  const { errors, marks } = useForm();
  const id = fieldId(path);
  const flagged =
    [...errors.keys()].some((key) => key === id || key.startsWith(`${id}_`)) ||
    [...marks.keys()].some((key) => key.startsWith(JSON.stringify(path).slice(0, -1)));
  return (
    <details className="item" id={id} open={open || flagged || undefined}>
      <summary>
        <span className="item-title">{title}</span>
      </summary>
      {tools}
      {children}
    </details>
  );
}

function ItemTools({ name, up, down, remove }: { name: string; up?: () => void; down?: () => void; remove?: () => void }) {
  const { m } = useForm();
  return (
    <div className="item-tools">
      <button type="button" className="icon" aria-label={`${m.moveUp}: ${name}`} title={m.moveUp} disabled={!up} onClick={up}>
        ↑
      </button>
      <button type="button" className="icon" aria-label={`${m.moveDown}: ${name}`} title={m.moveDown} disabled={!down} onClick={down}>
        ↓
      </button>
      {remove ? (
        <button type="button" className="remove" aria-label={m.removeItem(name)} onClick={remove}>
          {m.remove}
        </button>
      ) : null}
    </div>
  );
}

/** "+ add": one button, or for a list of several kinds (sections, paragraphs or lists) a choice of kind first. */
function AddItem({
  items,
  members,
  label,
  listKey,
  add,
}: {
  items: JsonSchema;
  members?: JsonSchema[];
  label: string;
  listKey: string;
  add(item: unknown): void;
}) {
  const { m } = useForm();
  const [kind, setKind] = useState(0);
  if (!members || members.length < 2)
    return (
      <button type="button" className="add" aria-label={m.addTo(label)} onClick={() => add(newValue(items, m))}>
        {m.addItem}
      </button>
    );
  const sections = listKey === 'sections';
  return (
    <div className="add-kind">
      <select aria-label={sections ? m.sectionKind : m.kindOf} value={kind} onChange={(e) => setKind(Number(e.target.value))}>
        {members.map((x, i) => (
          <option key={i} value={i}>
            {optionLabel(String(x.title ?? x.type), m)}
          </option>
        ))}
      </select>
      <button type="button" className="add" onClick={() => add(newValue(members[kind] as JsonSchema, m))}>
        {sections ? m.addSection : m.add(optionLabel(String(members[kind]?.title ?? ''), m))}
      </button>
    </div>
  );
}

/** A map of named entries (plans, constants): names are fixed; an entry other content uses cannot be removed. */
function RecordField({ schema, value, path, label }: { schema: JsonSchema; value: unknown; path: DocPath; label: string }) {
  const { m, change, locked, kind } = useForm();
  const record = (value ?? {}) as Record<string, unknown>;
  const entry = (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {}) as JsonSchema;
  const [name, setName] = useState('');
  const valid = /^[A-Za-z][A-Za-z0-9-]*$/.test(name) && !Object.hasOwn(record, name);
  return (
    <fieldset className="object record" id={fieldId(path)}>
      <legend>{label}</legend>
      <FieldNotes path={path} value={value} />
      {Object.entries(record).map(([key, item]) => {
        const fixed = locked.has(JSON.stringify([...path, key]));
        return (
          <div className="entry" key={key}>
            <Field schema={entry} value={item} path={[...path, key]} label={entryLabel(key, item, m, [...path, key], kind)} />
            {fixed ? (
              <p className="locked">{m.locked}</p>
            ) : (
              <button
                type="button"
                className="remove"
                aria-label={m.removeItem(key)}
                onClick={() => change(path, Object.fromEntries(Object.entries(record).filter(([k]) => k !== key)))}
              >
                {m.remove}
              </button>
            )}
          </div>
        );
      })}
      <div className="add-entry">
        <input type="text" aria-label={m.newEntryName} placeholder={m.newEntryName} value={name} onChange={(e) => setName(e.target.value)} />
        <button
          type="button"
          className="add"
          disabled={!valid}
          title={valid ? undefined : m.entryNameInvalid}
          onClick={() => (change([...path, name], newValue(entry, m)), setName(''))}
        >
          {m.addEntry}
        </button>
      </div>
    </fieldset>
  );
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif'];

/**
 * An image not there yet: "+ add" opens its alt text and upload here, and the image joins the content only with its
 * file uploaded, so adding one never shows the errors of an image without a file or description.
 */
function NewImage({ schema, path, label }: { schema: JsonSchema; path: DocPath; label: string }) {
  const { m, change, english, kind } = useForm();
  const [open, setOpen] = useState(false);
  const [alt, setAlt] = useState('');
  if (!open)
    return (
      <div className="field absent">
        <button type="button" className="add" onClick={() => setOpen(true)}>
          {m.add(label)}
        </button>
      </div>
    );
  const altPath = [...path, 'alt'];
  const id = fieldId(altPath);
  const altSchema = props(schema).alt;
  const help = fieldHelp('alt', altSchema, m, english, altPath, kind);
  return (
    <fieldset className="object" id={fieldId(path)}>
      <legend>{label}</legend>
      <div className="field">
        <label htmlFor={id}>{fieldLabel('alt', altSchema, m, altPath, kind)}</label>
        {help ? (
          <p className="field-description" id={`${id}__description`}>
            {help}
          </p>
        ) : null}
        <input id={id} type="text" value={alt} aria-describedby={`${id}__description`} onChange={(e) => setAlt(e.target.value)} />
      </div>
      <ImageUpload path={path} value={{ alt }} onUploaded={(src) => change(path, { ...(newValue(schema, m) as Record<string, unknown>), src, alt })} />
    </fieldset>
  );
}

/** Upload or replace an image field's file (into content/images/): only once its alt text says what it shows. */
function ImageUpload({ path, value, onUploaded }: { path: DocPath; value: unknown; onUploaded?: (src: string) => void }) {
  const { m, change } = useForm();
  const [problem, setProblem] = useState('');
  const image = (value ?? {}) as { src?: string; alt?: string };
  const id = `${fieldId(path)}__upload`;
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!image.alt?.trim()) return setProblem(m.imageAltRequired);
    if (!IMAGE_TYPES.includes(file.type)) return setProblem(m.imageType);
    if (file.size > IMAGE_LIMIT_BYTES) return setProblem(m.imageTooBig(IMAGE_LIMIT_BYTES / 1024 / 1024));
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const answer = await api<{ ok?: boolean; src?: string; error?: string }>(
      'POST',
      'upload-image',
      { name: file.name, alt: image.alt, data: btoa(binary) },
      true,
    );
    if (answer.ok && answer.src) {
      setProblem('');
      if (onUploaded) onUploaded(answer.src);
      else change([...path, 'src'], answer.src);
    } else setProblem(answer.error ?? m.refused);
  };
  return (
    <div className="image-upload">
      <label htmlFor={id}>{image.src ? m.imageReplace : m.imageUpload}</label>
      <input id={id} type="file" accept={IMAGE_TYPES.join(',')} onChange={(e) => void upload(e.target.files?.[0])} />
      {problem ? (
        <p className="error-detail" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
