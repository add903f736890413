/**
 * Who caused an event: an API key (with the request that acted), the operator CLI, the system
 * itself (a workflow, the list refresh, the delivery engine), or a client writing its own audit
 * event. Stored on every event and every audit event.
 */
export type Actor =
  | { type: 'api_key'; id: string; name: string; requestId?: string | null }
  | { type: 'cli'; name: string }
  | { type: 'system'; name: string; requestId?: string | null };

export function apiKeyActor(key: { id: string; name: string }, requestId: string | null): Actor {
  return { type: 'api_key', id: key.id, name: key.name, requestId };
}

export function systemActor(name: string): Actor {
  return { type: 'system', name };
}

export function cliActor(command: string): Actor {
  return { type: 'cli', name: command };
}

/** The columns an actor is stored as. */
export function actorColumns(actor: Actor): { actor_type: Actor['type']; actor_id: string | null; actor_name: string; request_id: string | null } {
  return {
    actor_type: actor.type,
    actor_id: actor.type === 'api_key' ? actor.id : null,
    actor_name: actor.name,
    request_id: actor.type === 'cli' ? null : (actor.requestId ?? null),
  };
}
