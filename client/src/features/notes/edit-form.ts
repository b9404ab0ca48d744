// The Edit Note form as pure state (spec section 4, 'Edit screen load'): filling it from a note, the
// edits, whether it differs from what was loaded, and the patch Save Changes writes.
import {
  appendItem,
  editItemText,
  initialChecklist,
  moveItem,
  removeItem,
  stepsToChecklist,
  toggleItem,
} from '#core/checklist';
import { extractActionSteps, splitExpandedContent, withActionSteps, withExpandedBody } from '#core/action-steps';
import { replaceItem } from '#core/checklist-due';
import {
  NOTE_CONTENT_FIELDS,
  PLACEMENT_FIELDS,
  type ChatMessage,
  type ChecklistItem,
  type ContentField,
  type NoteContent,
} from '#core/note-fields';
import type { MakeId } from '#core/random-id';
import { sameValue } from '../../data/notes';

/** The fields the form holds in a shape of its own (below); it carries every other content field as it is. */
const SHAPED = [
  'expanded_content',
  'is_checklist',
  'checklist_items',
  'chat_history',
] as const satisfies readonly ContentField[];
type ShapedField = (typeof SHAPED)[number];
/** Fields the form never holds: where the note is kept changes by its own actions (Trash, pin, archive), not by a save. */
const NOT_EDITED = PLACEMENT_FIELDS;
/** A content field the form carries as it is (the title, the text, and any field a screen shows as it is). */
export type PlainField = Exclude<ContentField, ShapedField | (typeof NOT_EDITED)[number]>;
const PLAIN_FIELDS = NOTE_CONTENT_FIELDS.filter(
  (field): field is PlainField =>
    !(SHAPED as readonly ContentField[]).includes(field) && !(NOT_EDITED as readonly ContentField[]).includes(field),
);

export type EditableNote = Pick<NoteContent, PlainField | 'expanded_content' | 'is_checklist'> & {
  checklist_items: unknown;
  chat_history: readonly ChatMessage[] | null;
};

export type EditFormValues = Pick<NoteContent, PlainField> & {
  expanded: string;
  /**
   * While the steps are a checklist, the plan's prose is edited without them (one place to edit the steps,
   * issue 33): the prose as typed, null until it is. Saving puts the steps back under it, as the items.
   */
  body: string | null;
  /** The 'Convert to checklist' switch. */
  checklistOn: boolean;
  items: ChecklistItem[];
  chat: ChatMessage[];
};

function plainValues(from: Pick<NoteContent, PlainField>): Pick<NoteContent, PlainField> {
  const values: Partial<Record<PlainField, unknown>> = {};
  for (const field of PLAIN_FIELDS) values[field] = from[field];
  return values as Pick<NoteContent, PlainField>;
}

export interface EditFormState {
  values: EditFormValues;
  /** What was loaded or last saved: the form is dirty while its patch differs from this one's. */
  saved: EditFormValues;
}

export type EditFormAction =
  | { type: 'load'; note: EditableNote; makeId?: MakeId }
  | { type: 'title'; value: string }
  | { type: 'content'; value: string }
  | { type: 'expanded'; value: string }
  /** The plan's prose, typed while the steps are a checklist. */
  | { type: 'body'; value: string }
  | { type: 'checklistOn'; value: boolean }
  | { type: 'toggleItem'; id: string }
  | { type: 'editItem'; id: string; text: string }
  /** An item replaced whole: its date set or cleared, a repeating one moved on (issue 35). */
  | { type: 'setItem'; id: string; item: ChecklistItem }
  | { type: 'removeItem'; id: string }
  | { type: 'moveItem'; id: string; to: number }
  | { type: 'appendItem'; text: string; makeId?: MakeId }
  | { type: 'chat'; value: ChatMessage[] }
  /** Any field the form carries as it is. */
  | { [K in PlainField]: { type: 'field'; field: K; value: NoteContent[K] } }[PlainField]
  /** The values in `values` were written: they become the new baseline. */
  | { type: 'saved'; values: EditFormValues };

/** The form filled from a note: saved checklist items, else the action steps as unchecked items, else none. */
export function formFromNote(note: EditableNote, makeId?: MakeId): EditFormValues {
  return {
    ...plainValues(note),
    expanded: note.expanded_content ?? '',
    body: null,
    checklistOn: note.is_checklist,
    items: initialChecklist(note, makeId),
    chat: note.chat_history ? [...note.chat_history] : [],
  };
}

export function initEditForm(note: EditableNote, makeId?: MakeId): EditFormState {
  const values = formFromNote(note, makeId);
  return { values, saved: values };
}

function withValues(state: EditFormState, patch: Partial<EditFormValues>): EditFormState {
  return { ...state, values: { ...state.values, ...patch } };
}

export function editFormReducer(state: EditFormState, action: EditFormAction): EditFormState {
  const { values } = state;
  switch (action.type) {
    case 'load':
      return initEditForm(action.note, action.makeId);
    case 'title':
      return withValues(state, { title: action.value });
    case 'content':
      return withValues(state, { content: action.value });
    case 'expanded':
      // While the switch is off the list is only the steps of the text, so it follows the text.
      return withValues(state, {
        expanded: action.value,
        ...(values.checklistOn ? {} : { items: stepsToChecklist(extractActionSteps(action.value)) }),
      });
    case 'body':
      return withValues(state, { body: action.value });
    case 'checklistOn':
      // Off, the steps are edited in the text again: the text takes the prose and the items as they are.
      return withValues(state, {
        checklistOn: action.value,
        ...(action.value ? {} : { expanded: expandedText(values), body: null }),
      });
    case 'toggleItem':
      return withValues(state, { items: toggleItem(values.items, action.id) });
    case 'editItem':
      return withValues(state, { items: editItemText(values.items, action.id, action.text) });
    case 'setItem':
      return withValues(state, { items: replaceItem(values.items, action.id, action.item) });
    case 'removeItem':
      return withValues(state, { items: removeItem(values.items, action.id) });
    case 'moveItem':
      return withValues(state, { items: moveItem(values.items, action.id, action.to) });
    case 'appendItem':
      return withValues(state, { items: appendItem(values.items, action.text, action.makeId) });
    case 'chat':
      return withValues(state, { chat: action.value });
    case 'field':
      return withValues(state, { [action.field]: action.value });
    case 'saved':
      return { ...state, saved: action.values };
  }
}

/** Whether the plan's steps are edited in the checklist, apart from its prose (the switch on, a steps section). */
export function stepsApart(values: Pick<EditFormValues, 'expanded' | 'checklistOn'>): boolean {
  return values.checklistOn && extractActionSteps(values.expanded).length > 0;
}

/** The plan's prose as the Expanded tab shows it while the steps are a checklist (without its steps). */
export function planBody(values: Pick<EditFormValues, 'expanded' | 'body'>): string {
  return values.body ?? splitExpandedContent(values.expanded).body;
}

/**
 * The expanded text the form holds: as loaded or typed, with its prose as typed and, while the switch is
 * on and the text has a steps section, its steps as the checklist's items. Unchanged when neither was
 * touched, byte for byte.
 */
export function expandedText(values: Pick<EditFormValues, 'expanded' | 'body' | 'checklistOn' | 'items'>): string {
  const text = values.body === null ? values.expanded : withExpandedBody(values.expanded, values.body);
  // A text without a steps section (a checklist made as one) keeps its items to itself.
  if (!values.checklistOn || extractActionSteps(text).length === 0) return text;
  return withActionSteps(
    text,
    values.items.map((item) => item.text),
  );
}

/** Every content field but the ones the form never holds. */
export type EditNotePatch = Omit<NoteContent, (typeof NOT_EDITED)[number]>;

/**
 * What Save Changes writes (spec section 4): checklist items only while the switch is on (else null),
 * the chat history only when not empty (else null); an empty expanded text is stored as none.
 */
export function savePatch(values: EditFormValues): EditNotePatch {
  const expanded = expandedText(values);
  return {
    ...plainValues(values),
    expanded_content: expanded === '' ? null : expanded,
    is_checklist: values.checklistOn,
    checklist_items: values.checklistOn ? values.items : null,
    chat_history: values.chat.length > 0 ? values.chat : null,
  };
}

/**
 * True when saving would change something compared with what was loaded or last saved. Asked at every
 * render, so at every key: compared structurally, texts as they are, never stringified whole.
 */
export function isDirty(state: EditFormState): boolean {
  if (state.values === state.saved) return false;
  return !sameValue(savePatch(state.values), savePatch(state.saved));
}

/** Section 5: Save is refused while the title is blank. */
export function canSave(values: EditFormValues): boolean {
  return values.title.trim() !== '';
}

/** The read-only text of the steps shown while the switch is off: one per line. */
export function stepsText(items: readonly ChecklistItem[]): string {
  return items.map((item) => item.text).join('\n');
}

/**
 * How the edit screen lays a note out (issue 33): a note the assistant has worked on (a plan or a chat)
 * keeps the spec's Original / Expanded / Chat tabs and their words; a plain note is edited as what it is,
 * its text and, when it has one, its checklist.
 */
export type EditLayout = 'plain' | 'assistant';

export function editLayout(note: Pick<EditableNote, 'expanded_content' | 'chat_history'>): EditLayout {
  const planned = (note.expanded_content ?? '').trim() !== '';
  const talked = (note.chat_history?.length ?? 0) > 0;
  return planned || talked ? 'assistant' : 'plain';
}

/** The checklist editor's handlers, each one of the form's item actions. */
export function checklistHandlers(dispatch: (action: EditFormAction) => void) {
  return {
    onToggle: (id: string) => dispatch({ type: 'toggleItem', id }),
    onEditText: (id: string, text: string) => dispatch({ type: 'editItem', id, text }),
    onChangeItem: (id: string, item: ChecklistItem) => dispatch({ type: 'setItem', id, item }),
    onRemove: (id: string) => dispatch({ type: 'removeItem', id }),
    onMove: (id: string, to: number) => dispatch({ type: 'moveItem', id, to }),
    onAppend: (text: string) => dispatch({ type: 'appendItem', text }),
  };
}
