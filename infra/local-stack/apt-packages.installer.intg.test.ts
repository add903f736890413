// Asks the machine's dpkg which packages are installed: the check that decides whether
// apt-get runs at all.
import { describe, expect, it } from 'vitest';
import { missingPackages } from './apt-packages.installer.js';

describe('missingPackages', () => {
  it('reports only the packages dpkg does not have installed', async () => {
    expect(await missingPackages(['dpkg', 'clearwatch-no-such-package', 'coreutils'])).toEqual(['clearwatch-no-such-package']);
  });

  it('asks nothing for an empty list', async () => {
    expect(await missingPackages([])).toEqual([]);
  });
});
