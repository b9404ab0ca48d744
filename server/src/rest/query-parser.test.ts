// The query-string parser: what supabase-js (postgrest-js) puts in URLs, and the errors for what it must refuse.
import { describe, expect, it } from 'vitest';
import { RestError } from '../http/errors/postgrest-errors';
import { parseQuery, splitTopLevel } from './query-parser';

const ID = '0b6a3c1e-3f0b-4a52-9a55-0f6bb0f4b2a1';

function errorOf(search: string): { status: number; code: string; message: string } {
  try {
    parseQuery(search);
  } catch (error) {
    if (error instanceof RestError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error(`expected ${search} to be refused`);
}

/** The query string postgrest-js builds, so the tests read like the client's calls. */
function url(build: (params: URLSearchParams) => void): string {
  const params = new URLSearchParams();
  build(params);
  return params.toString();
}

describe('select', () => {
  it('defaults to all columns and reads a column list with aliases and quotes', () => {
    expect(parseQuery('').select).toEqual([{ kind: 'all' }]);
    expect(parseQuery('select=*').select).toEqual([{ kind: 'all' }]);
    expect(parseQuery('select=id,name:title,"content"').select).toEqual([
      { kind: 'column', column: 'id', alias: 'id' },
      { kind: 'column', column: 'title', alias: 'name' },
      { kind: 'column', column: 'content', alias: 'content' },
    ]);
    expect(parseQuery('select=').select).toEqual([]);
  });

  it('refuses unknown and write-only columns, embeddings, aggregates, casts and JSON paths', () => {
    expect(errorOf('select=id,nope')).toMatchObject({
      status: 400,
      code: '42703',
      message: 'column notes.nope does not exist',
    });
    expect(errorOf('select=base_revision').code).toBe('42703');
    expect(errorOf('select=*,other(*)')).toMatchObject({
      code: 'PGRST200',
      message: "Could not find a relationship between 'notes' and 'other' in the schema cache",
    });
    expect(errorOf('select=alias:other!fk(id)').message).toContain("'other'");
    expect(errorOf('select=...other(*)').code).toBe('PGRST200');
    expect(errorOf('select=count()').code).toBe('PGRST123');
    expect(errorOf('select=title::text').code).toBe('PGRST127');
    expect(errorOf('select=chat_history->0').code).toBe('PGRST127');
    expect(errorOf('select=id,,title').code).toBe('PGRST100');
    expect(errorOf('select=id,other(').code).toBe('PGRST100');
  });
});

describe('filters', () => {
  it('reads each operator postgrest-js sends', () => {
    const query = parseQuery(
      url((p) => {
        p.append('user_id', `eq.${ID}`);
        p.append('title', 'neq.a.b');
        p.append('revision', 'gt.5');
        p.append('revision', 'lte.10');
        p.append('created_at', 'gte.2024-01-01T00:00:00Z');
        p.append('updated_at', 'lt.2024-01-01');
        p.append('title', 'like.*plan*');
        p.append('content', 'ilike.%IDEA%');
        p.append('deleted_at', 'is.null');
        p.append('is_checklist', 'is.true');
        p.append('title', 'isdistinct.x');
      }),
    );
    expect(query.filters).toEqual([
      { column: 'user_id', negated: false, operator: 'eq', value: ID },
      { column: 'title', negated: false, operator: 'neq', value: 'a.b' },
      { column: 'revision', negated: false, operator: 'gt', value: '5' },
      { column: 'revision', negated: false, operator: 'lte', value: '10' },
      { column: 'created_at', negated: false, operator: 'gte', value: '2024-01-01T00:00:00Z' },
      { column: 'updated_at', negated: false, operator: 'lt', value: '2024-01-01' },
      { column: 'title', negated: false, operator: 'like', value: '*plan*' },
      { column: 'content', negated: false, operator: 'ilike', value: '%IDEA%' },
      { column: 'deleted_at', negated: false, operator: 'is', value: 'null' },
      { column: 'is_checklist', negated: false, operator: 'is', value: 'true' },
      { column: 'title', negated: false, operator: 'isdistinct', value: 'x' },
    ]);
  });

  it('reads in-lists with quoted values (as postgrest-js quotes ",()"), empty lists and negation', () => {
    const query = parseQuery(url((p) => p.append('title', 'in.(plain,"a,b","(x)","say \\"hi\\"")')));
    expect(query.filters[0]).toEqual({
      column: 'title',
      negated: false,
      operator: 'in',
      values: ['plain', 'a,b', '(x)', 'say "hi"'],
    });
    expect(parseQuery('id=in.()').filters[0]).toMatchObject({ operator: 'in', values: [] });
    expect(parseQuery(`id=not.in.(${ID})`).filters[0]).toMatchObject({ negated: true, operator: 'in', values: [ID] });
    expect(parseQuery('deleted_at=not.is.null').filters[0]).toMatchObject({
      negated: true,
      operator: 'is',
      value: 'null',
    });
    expect(parseQuery('title=not.eq.x').filters[0]).toMatchObject({ negated: true, operator: 'eq', value: 'x' });
  });

  it('decodes the URL: + is a space, %2B a plus', () => {
    expect(parseQuery('title=eq.hello+world%2B').filters[0]).toMatchObject({ value: 'hello world+' });
  });

  it('refuses malformed filters with PGRST100 and unsupported ones with PGRST127', () => {
    expect(errorOf('title=foo.bar')).toMatchObject({ code: 'PGRST100', message: 'failed to parse filter (foo.bar)' });
    expect(errorOf('title=eq').code).toBe('PGRST100');
    expect(errorOf('title=not.eq').code).toBe('PGRST100');
    expect(errorOf('deleted_at=is.maybe').code).toBe('PGRST100');
    expect(errorOf('id=in.abc').code).toBe('PGRST100');
    expect(errorOf('id=in.(a,"b)').code).toBe('PGRST100');
    expect(errorOf('=eq.1').code).toBe('PGRST100');
    expect(errorOf('title=cs.{a}').code).toBe('PGRST127');
    expect(errorOf('title=like(any).{a,b}').code).toBe('PGRST127');
    expect(errorOf('title=fts(english).word').code).toBe('PGRST127');
    expect(errorOf('or=(title.eq.a,title.eq.b)').code).toBe('PGRST127');
    expect(errorOf('chat_history->>role=eq.user').code).toBe('PGRST127');
    expect(errorOf('other.title=eq.x').code).toBe('PGRST108');
  });

  it('checks values against the column type before any SQL', () => {
    expect(errorOf('nope=eq.1')).toMatchObject({ code: '42703', message: 'column notes.nope does not exist' });
    expect(errorOf('base_revision=eq.1').code).toBe('42703');
    expect(errorOf('id=eq.')).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: ""' });
    expect(errorOf('id=eq.not-a-uuid').code).toBe('22P02');
    expect(errorOf(`id=in.(${ID},x)`).code).toBe('22P02');
    expect(errorOf('revision=gt.abc').code).toBe('22P02');
    expect(errorOf('revision=gt.99999999999999999999').code).toBe('22P02');
    expect(errorOf('revision=gt.9223372036854775808').code).toBe('22003');
    expect(errorOf('is_checklist=eq.maybe').code).toBe('22P02');
    expect(errorOf('checklist_items=eq.[').code).toBe('22P02');
    expect(errorOf('id=is.true').code).toBe('42804');
    expect(errorOf('id=like.a*').code).toBe('42883');
    // PostgreSQL's own spellings are accepted.
    expect(() => parseQuery('is_checklist=eq.yes&id=eq.{0B6A3C1E3F0B4A529A550F6BB0F4B2A1}')).not.toThrow();
  });
});

describe('order, limit, offset', () => {
  it('reads comma-joined terms with directions and nulls placement', () => {
    expect(parseQuery('order=updated_at.desc,title,revision.asc.nullslast,"id".nullsfirst').order).toEqual([
      { column: 'updated_at', direction: 'desc', nulls: null },
      { column: 'title', direction: 'asc', nulls: null },
      { column: 'revision', direction: 'asc', nulls: 'last' },
      { column: 'id', direction: 'asc', nulls: 'first' },
    ]);
  });

  it('refuses unknown directions and columns', () => {
    expect(errorOf('order=title.sideways')).toMatchObject({
      code: 'PGRST100',
      message: 'failed to parse order (title.sideways)',
    });
    expect(errorOf('order=title.desc.nullsfirst.asc').code).toBe('PGRST100');
    expect(errorOf('order=title.nullsfirst.desc').code).toBe('PGRST100');
    expect(errorOf('order=nope').code).toBe('42703');
  });

  it('reads non-negative integers only', () => {
    expect(parseQuery('limit=10&offset=0')).toMatchObject({ limit: 10, offset: 0 });
    for (const bad of ['limit=-1', 'limit=abc', 'limit=', 'offset=1.5', 'offset=1e3', 'limit=99999999999999999999']) {
      expect(errorOf(bad).code).toBe('PGRST100');
    }
  });
});

describe('columns and on_conflict', () => {
  it('reads the quoted column list of inserts and the conflict target', () => {
    expect(parseQuery('columns=%22id%22,%22title%22,%22base_revision%22&on_conflict=id')).toMatchObject({
      columns: ['id', 'title', 'base_revision'],
      onConflict: 'id',
    });
  });

  it('refuses unknown columns and conflict targets other than id', () => {
    expect(errorOf('columns="id","nope"').code).toBe('PGRST204');
    expect(errorOf('columns="id').code).toBe('PGRST100');
    expect(errorOf('on_conflict=title').code).toBe('42P10');
    expect(errorOf('on_conflict=id,title').code).toBe('42P10');
    expect(errorOf('on_conflict=nope').code).toBe('42703');
  });
});

describe('splitTopLevel', () => {
  it('splits on commas outside quotes and parentheses', () => {
    expect(splitTopLevel('a,"b,c",d(e,f),g', 'x')).toEqual(['a', '"b,c"', 'd(e,f)', 'g']);
    expect(() => splitTopLevel('a)', 'x')).toThrow(RestError);
  });
});
