/**
 * English given names and their nicknames (Bernard ↔ Bernie, Mitchell ↔ Mitch, Margaret ↔ Peggy),
 * read from the `names.csv` of the pinned PyPI `nicknames` package (`name1,relationship,name2`
 * triplets; only `has_nickname` rows are used). The relation is symmetric but not transitive: a
 * formal name relates to its own nicknames only, so two formal names that share a nickname
 * (Albert, Alfred → Al) do not relate to each other. Pure: text in, lookups out.
 */
import { foldLatin } from './text-fold.js';

const NO_RELATIVES: readonly string[] = [];

export class NicknameTable {
  private readonly relatives = new Map<string, string[]>();
  private pairs = 0;

  /** Parses the package's CSV (header, CRLF or LF line ends). Unknown relationships are skipped. */
  static fromCsv(text: string): NicknameTable {
    const table = new NicknameTable();
    for (const line of text.split(/\r?\n/)) {
      const [name, relationship, nickname] = line.split(',').map((f) => foldLatin(f.trim()));
      if (relationship !== 'has_nickname' || !name || !nickname) continue;
      table.add(name, nickname);
    }
    return table;
  }

  /** Number of distinct (name, nickname) pairs. */
  get size(): number {
    return this.pairs;
  }

  /** Every name in the table, formal names and nicknames alike. */
  names(): string[] {
    return [...this.relatives.keys()];
  }

  /** The names a folded given name relates to: its nicknames, or the names it is a nickname of. */
  relativesOf(folded: string): readonly string[] {
    return this.relatives.get(folded) ?? NO_RELATIVES;
  }

  related(a: string, b: string): boolean {
    return a !== b && this.relativesOf(a).includes(b);
  }

  private add(name: string, nickname: string): void {
    if (name === nickname || this.related(name, nickname)) return;
    this.link(name, nickname);
    this.link(nickname, name);
    this.pairs += 1;
  }

  private link(from: string, to: string): void {
    const list = this.relatives.get(from);
    if (list) list.push(to);
    else this.relatives.set(from, [to]);
  }
}
