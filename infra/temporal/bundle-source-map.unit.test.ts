import { describe, expect, it } from 'vitest';
import { withoutEmbeddedSources } from './bundle-source-map.js';

const inline = (map: object) => `\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}`;
const decode = (code: string) => JSON.parse(Buffer.from(/base64,(\S+)$/.exec(code)![1]!, 'base64').toString()) as Record<string, unknown>;

describe('withoutEmbeddedSources', () => {
  const map = { version: 3, file: 'bundle.js', sources: ['a.ts', 'b.ts'], names: ['f'], mappings: 'AAAA;AACA', sourcesContent: ['const a = 1;', 'const b = 2;'] };

  it('drops sourcesContent and keeps the mappings', () => {
    const out = withoutEmbeddedSources(`var x = 1;${inline(map)}`);
    expect(out.startsWith('var x = 1;\n//# sourceMappingURL=')).toBe(true);
    const { sourcesContent, ...rest } = map;
    expect(sourcesContent).toHaveLength(2);
    expect(decode(out)).toEqual(rest);
  });

  it('leaves code without an inline map, or with a map that has no sources, as it is', () => {
    expect(withoutEmbeddedSources('var x = 1;')).toBe('var x = 1;');
    const bare = `var x = 1;${inline({ version: 3, sources: [], names: [], mappings: '' })}`;
    expect(withoutEmbeddedSources(bare)).toBe(bare);
    const broken = 'var x = 1;\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,e30x';
    expect(withoutEmbeddedSources(broken)).toBe(broken);
  });
});
