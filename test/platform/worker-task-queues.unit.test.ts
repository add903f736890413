import { describe, expect, it } from 'vitest';
import { TASK_QUEUE_KEYS, selectTaskQueues } from '../../worker/task-queue-selection.js';

describe('WORKER_TASK_QUEUES', () => {
  it('selects every queue for all or blank', () => {
    expect(selectTaskQueues('all')).toEqual({ ok: true, keys: TASK_QUEUE_KEYS });
    expect(selectTaskQueues('  ')).toEqual({ ok: true, keys: TASK_QUEUE_KEYS });
    expect(TASK_QUEUE_KEYS).toContain('screeningRuns');
  });

  it('selects the listed queues in the order given', () => {
    expect(selectTaskQueues('screeningRuns, screening')).toEqual({ ok: true, keys: ['screeningRuns', 'screening'] });
  });

  it('names an unknown queue and lists the valid ones', () => {
    const result = selectTaskQueues('screening,ocr');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toContain('"ocr"');
      expect(result.error).toContain('identity');
    }
  });

  it('refuses a queue listed twice and an empty item', () => {
    expect(selectTaskQueues('identity,identity')).toEqual({ ok: false, error: 'task queue "identity" is listed twice' });
    expect(selectTaskQueues('identity,').ok).toBe(false);
  });
});
