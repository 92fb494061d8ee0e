/**
 * A small streaming CSV reader (RFC 4180, as spreadsheets write it): fields in double quotes may
 * hold separators, doubled quotes and line breaks; lines end in CRLF, LF or CR; a UTF-8 byte-order
 * mark is skipped. The separator (`,`, `;` or tab) is the one the first line uses most outside
 * quotes (French spreadsheets write `;`). Text goes in by chunks; whole records come out, each
 * with the line it starts on (1-based), so a report can point at it.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

const SEPARATORS = [',', ';', '\t'] as const;

/** The separator the first line uses most outside quotes; a comma when it uses none. */
export function guessSeparator(firstLine: string): string {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const c of firstLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best = ',';
  for (const s of SEPARATORS) if ((counts.get(s) ?? 0) > (counts.get(best) ?? 0)) best = s;
  return best;
}

export class CsvReader {
  private separator: string | null;
  private head = '';
  private started = false;
  private field = '';
  private fields: string[] = [];
  /** 'start' of a field, 'plain' inside an unquoted one, 'quoted', or 'quote' just after a quote inside quotes. */
  private state: 'start' | 'plain' | 'quoted' | 'quote' = 'start';
  private line = 1;
  private recordLine = 1;
  private afterCR = false;
  private prev = '';
  private out: CsvRecord[] = [];

  constructor(opts: { separator?: string } = {}) {
    this.separator = opts.separator ?? null;
  }

  /** Feeds a chunk of text; answers the records it completed. */
  push(text: string): CsvRecord[] {
    if (!this.started) {
      this.head += text;
      if (this.head.charCodeAt(0) === 0xfeff) this.head = this.head.slice(1);
      const eol = this.head.search(/[\r\n]/);
      if (eol < 0 && this.head.length < 64 * 1024) return [];
      this.started = true;
      this.separator ??= guessSeparator(eol < 0 ? this.head : this.head.slice(0, eol));
      text = this.head;
      this.head = '';
    }
    this.scan(text);
    return this.take();
  }

  /** Ends the input; answers the last record if the text did not end with a line break. */
  end(): CsvRecord[] {
    if (!this.started) {
      this.started = true;
      this.separator ??= guessSeparator(this.head);
      this.scan(this.head);
    }
    if (this.state !== 'start' || this.field !== '' || this.fields.length) this.endRecord();
    return this.take();
  }

  private take() {
    const done = this.out;
    this.out = [];
    return done;
  }

  private endField() {
    this.fields.push(this.field);
    this.field = '';
    this.state = 'start';
  }

  private endRecord() {
    this.endField();
    this.out.push({ line: this.recordLine, fields: this.fields });
    this.fields = [];
  }

  private scan(text: string) {
    const sep = this.separator as string;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      const prev = this.prev;
      this.prev = c;
      if (this.afterCR) {
        this.afterCR = false;
        if (c === '\n') continue;
      }
      if (this.state === 'quoted') {
        if (c === '"') this.state = 'quote';
        else {
          if (c === '\r' || (c === '\n' && prev !== '\r')) this.line++;
          this.field += c;
        }
        continue;
      }
      if (this.state === 'quote') {
        if (c === '"') {
          this.field += '"';
          this.state = 'quoted';
          continue;
        }
        // The closing quote: what follows up to the separator is kept as written.
        this.state = 'plain';
      }
      if (c === sep) this.endField();
      else if (c === '\n' || c === '\r') {
        this.endRecord();
        this.line++;
        this.recordLine = this.line;
        this.afterCR = c === '\r';
      } else if (c === '"' && this.state === 'start') this.state = 'quoted';
      else {
        this.field += c;
        this.state = 'plain';
      }
    }
  }
}

/** Quotes a field when it needs it (for the example file). */
export const csvField = (value: string, separator = ',') =>
  /[",\r\n;]/.test(value) || value.includes(separator) ? `"${value.replaceAll('"', '""')}"` : value;
