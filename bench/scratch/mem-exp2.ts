const m = (l: string) => { globalThis.gc?.(); const u = process.memoryUsage(); console.log(l.padEnd(60), 'rss', (u.rss / 2 ** 20).toFixed(0), 'heap', (u.heapUsed / 2 ** 20).toFixed(0)); };
m('start');
for (const p of process.argv.slice(2)) { await import(p); m(p); }
