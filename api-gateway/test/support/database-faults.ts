// Faults of the database as an operator meets them, for the suites that prove the product rides
// them out: a relay that cuts every connection (the network, a failover), the server killing the
// product's connections (KILL CONNECTION: a DBA, a proxy, wait_timeout), and a lock held for long.
import net from 'node:net';
import { openDatabase, type Database } from '@vouch/service-core';

/** A TCP relay in front of MariaDB that can be cut (connections dropped, new ones refused) and restored. */
export class DatabaseRelay {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<this> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  async cut(): Promise<void> {
    const closed = new Promise((resolve) => this.server?.close(resolve));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

/**
 * A connection to the MariaDB server of `databaseUrl` that belongs to no database, so that what it
 * kills on that database's connections never includes itself or its pool.
 */
export async function serverAdmin(databaseUrl: string): Promise<{ admin: Database; name: string }> {
  const url = new URL(databaseUrl);
  const name = url.pathname.replace(/^\//, '');
  url.pathname = '/';
  return { admin: await openDatabase(url.toString()), name };
}

/** The server's threads of database `name` (the product's connections), with what each is doing. */
export async function threadsOf(admin: Database, name: string): Promise<{ id: number; state: string; info: string | null }[]> {
  const rows = await admin.select<{ ID: number; STATE: string | null; INFO: string | null }>('SELECT ID, STATE, INFO FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID()', [name]);
  return rows.map((r) => ({ id: Number(r.ID), state: r.STATE ?? '', info: r.INFO }));
}

/** KILL CONNECTION of every thread of database `name` (or of those `which` picks); returns how many. */
export async function killConnections(admin: Database, name: string, which: (thread: { state: string; info: string | null }) => boolean = () => true): Promise<number> {
  let killed = 0;
  for (const thread of (await threadsOf(admin, name)).filter(which)) {
    try {
      await admin.sequelize.query(`KILL CONNECTION ${thread.id}`);
      killed += 1;
    } catch {
      // it ended meanwhile
    }
  }
  return killed;
}
