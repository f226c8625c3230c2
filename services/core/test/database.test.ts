import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataTypes } from 'sequelize';
import { openDatabase, parseDatabaseUrl, runMigrations, revertMigrations, type Migration } from '../src';

describe('parseDatabaseUrl', () => {
  it('understands every accepted form', () => {
    expect(parseDatabaseUrl(undefined)).toEqual({ dialect: 'sqlite', storage: path.resolve('data/vouch.sqlite') });
    expect(parseDatabaseUrl('sqlite::memory:')).toEqual({ dialect: 'sqlite', storage: ':memory:' });
    expect(parseDatabaseUrl('sqlite:///tmp/x.sqlite')).toEqual({ dialect: 'sqlite', storage: '/tmp/x.sqlite' });
    expect(parseDatabaseUrl('sqlite:data/y.sqlite')).toEqual({ dialect: 'sqlite', storage: path.resolve('data/y.sqlite') });
    expect(parseDatabaseUrl('./z.sqlite')).toEqual({ dialect: 'sqlite', storage: path.resolve('z.sqlite') });
    expect(parseDatabaseUrl('mariadb://root@127.0.0.1:3306/vouch')).toEqual({ dialect: 'mysql', url: 'mysql://root@127.0.0.1:3306/vouch' });
    expect(() => parseDatabaseUrl('postgres://x/y')).toThrow(/unsupported scheme/);
  });
});

const migrations: Migration[] = [
  {
    name: '202501010001-test-members',
    async up({ queryInterface }) {
      await queryInterface.createTable('t_members', { id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true }, n: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 } });
    },
    async down({ queryInterface }) {
      await queryInterface.dropTable('t_members');
    },
  },
  {
    name: '202501010002-test-notes',
    async up({ queryInterface }) {
      await queryInterface.createTable('t_notes', {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        member_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 't_members', key: 'id' } },
      });
    },
    async down({ queryInterface }) {
      await queryInterface.dropTable('t_notes');
    },
  },
];

describe('openDatabase on an SQLite file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-core-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('creates the folder, uses WAL and enforces foreign keys', async () => {
    const file = path.join(dir, 'nested', 'db.sqlite');
    const db = await openDatabase(`sqlite:${file}`);
    try {
      expect(fs.existsSync(file)).toBe(true);
      const [[mode]] = (await db.sequelize.query('PRAGMA journal_mode')) as [Array<{ journal_mode: string }>, unknown];
      expect(mode?.journal_mode).toBe('wal');
      await runMigrations(db, [migrations[1]!, migrations[0]!]);
      await runMigrations(db, migrations); // already applied: nothing to do
      await expect(db.sequelize.query('INSERT INTO t_notes (member_id) VALUES (999)')).rejects.toThrow(/FOREIGN KEY/);
      const [applied] = (await db.sequelize.query('SELECT name FROM migrations ORDER BY name')) as [Array<{ name: string }>, unknown];
      expect(applied.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
      await revertMigrations(db, migrations, 1);
      const [left] = (await db.sequelize.query('SELECT name FROM migrations')) as [Array<{ name: string }>, unknown];
      expect(left).toHaveLength(1);
    } finally {
      await db.close();
    }
  });

  it('when many write transactions run at once, then they queue instead of failing with SQLITE_BUSY', async () => {
    const db = await openDatabase(path.join(dir, 'concurrent.sqlite'));
    try {
      await runMigrations(db, migrations);
      await db.sequelize.query('INSERT INTO t_members (n) VALUES (0)');
      await Promise.all(
        Array.from({ length: 40 }, () =>
          db.transaction(async (t) => {
            const [[row]] = (await db.sequelize.query('SELECT n FROM t_members WHERE id = 1', { transaction: t })) as [Array<{ n: number }>, unknown];
            await new Promise((r) => setTimeout(r, 1));
            await db.sequelize.query('UPDATE t_members SET n = ? WHERE id = 1', { replacements: [row!.n + 1], transaction: t });
          }),
        ),
      );
      const [[row]] = (await db.sequelize.query('SELECT n FROM t_members WHERE id = 1')) as [Array<{ n: number }>, unknown];
      expect(row!.n).toBe(40);
    } finally {
      await db.close();
    }
  });

  it('a transaction opened inside another joins it, and a failure rolls both back', async () => {
    const db = await openDatabase(path.join(dir, 'nested.sqlite'));
    try {
      await runMigrations(db, migrations);
      await expect(
        db.transaction(async (outer) => {
          await db.sequelize.query('INSERT INTO t_members (n) VALUES (1)', { transaction: outer });
          await db.transaction(async (inner) => {
            expect(inner).toBe(outer);
            await db.sequelize.query('INSERT INTO t_members (n) VALUES (2)', { transaction: inner });
          });
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      const [rows] = (await db.sequelize.query('SELECT * FROM t_members')) as [unknown[], unknown];
      expect(rows).toHaveLength(0);
    } finally {
      await db.close();
    }
  });

  it('refuses badly named migrations', async () => {
    const db = await openDatabase('sqlite::memory:');
    try {
      await expect(runMigrations(db, [{ name: 'create-things', up: async () => undefined }])).rejects.toThrow(/yyyymmddhhmm/);
    } finally {
      await db.close();
    }
  });
});

const mysqlUrl = process.env.TEST_DATABASE_URL;
(mysqlUrl ? describe : describe.skip)('openDatabase on MySQL/MariaDB (TEST_DATABASE_URL)', () => {
  it('connects, migrates and runs transactions', async () => {
    const url = new URL(mysqlUrl!);
    const name = `${url.pathname.slice(1) || 'vouch_test'}_core_${process.pid}_${Date.now().toString(36)}`;
    const admin = await openDatabase(`${url.protocol}//${url.username}${url.password ? `:${url.password}` : ''}@${url.host}/`);
    await admin.sequelize.query(`CREATE DATABASE \`${name}\``);
    url.pathname = `/${name}`;
    const db = await openDatabase(url.toString());
    try {
      expect(db.dialect).toBe('mysql');
      await runMigrations(db, migrations);
      await db.transaction(async (t) => {
        await db.sequelize.query('INSERT INTO t_members (n) VALUES (5)', { transaction: t });
      });
      const [[row]] = (await db.sequelize.query('SELECT n FROM t_members')) as [Array<{ n: number }>, unknown];
      expect(row!.n).toBe(5);
    } finally {
      await db.close();
      await admin.sequelize.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.close();
    }
  });
});
