import { type DBSchema, openDB } from "idb";
import type { EndpointSettings } from "./providers/provider";
import type { TranscriptItem } from "./transcript";

/** The chat as it is kept between reloads. */
export interface ChatSession {
  id: string;
  transcript: TranscriptItem[];
}

export interface ChatStore {
  loadSession(): Promise<ChatSession>;
  saveSession(session: ChatSession): Promise<void>;
  loadEndpoint(): Promise<EndpointSettings | undefined>;
  saveEndpoint(settings: EndpointSettings): Promise<void>;
}

interface ChatDb extends DBSchema {
  chat: { key: string; value: ChatSession | EndpointSettings };
}

const newSession = (): ChatSession => ({ id: crypto.randomUUID(), transcript: [] });

export class MemoryChatStore implements ChatStore {
  private session = newSession();
  private endpoint: EndpointSettings | undefined;
  async loadSession() {
    return structuredClone(this.session);
  }
  async saveSession(session: ChatSession) {
    this.session = structuredClone(session);
  }
  async loadEndpoint() {
    return this.endpoint;
  }
  async saveEndpoint(settings: EndpointSettings) {
    this.endpoint = { ...settings };
  }
}

/** The current session and the endpoint settings (API key included) in this browser's IndexedDB. */
export async function openIdbChatStore(name = "skillbox-chat"): Promise<ChatStore> {
  const db = await openDB<ChatDb>(name, 1, {
    upgrade(database) {
      database.createObjectStore("chat");
    },
  });
  return {
    loadSession: async () =>
      ((await db.get("chat", "session")) as ChatSession | undefined) ?? newSession(),
    saveSession: async (session) => {
      await db.put("chat", session, "session");
    },
    loadEndpoint: async () => (await db.get("chat", "endpoint")) as EndpointSettings | undefined,
    saveEndpoint: async (settings) => {
      await db.put("chat", settings, "endpoint");
    },
  };
}
