// `npm run seed [-- --members N]`: an idempotent demo network on DATABASE_URL (the database
// `npm start` uses), so a newcomer signs in as a demo member and sees a living map. Migrates
// first; safe to run again (it only adds what is missing) and while the server runs. Exits 1
// with a sentence when a step fails or does not finish (runScript).
import os from 'node:os';
import { findMemberByPhone } from '@vouch/service-auth';
import { migrateUnlessStopped, openDatabase, parseDatabaseUrl, runScript } from '@vouch/service-core';
import { DEMO_MEMBERS, MAX_SEED_MEMBERS, seedDemoNetwork, TYPO_INVITE } from './seed/index';
import { allMigrations } from './services';

function membersOption(argv: readonly string[]): number {
  const at = argv.findIndex((a) => a === '--members' || a.startsWith('--members='));
  const raw = at < 0 ? (process.env.SEED_MEMBERS ?? '300') : argv[at]!.includes('=') ? argv[at]!.split('=')[1]! : argv[at + 1]!;
  const members = Number(raw);
  if (!Number.isInteger(members) || members < DEMO_MEMBERS.length || members > MAX_SEED_MEMBERS) {
    throw new Error(`--members must be a whole number from ${DEMO_MEMBERS.length} to ${MAX_SEED_MEMBERS} (got "${raw}").`);
  }
  return members;
}

runScript('The seed', async ({ stage }) => {
  stage('reading --members');
  const members = membersOption(process.argv.slice(2));
  const started = Date.now();
  const target = parseDatabaseUrl(process.env.DATABASE_URL);
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const log = (line: string) => console.log(`[seed ${elapsed()}] ${line}`);
  log(`database: ${target.dialect === 'sqlite' ? target.storage : 'mysql'}`);
  stage('opening the database');
  const db = await openDatabase(process.env.DATABASE_URL);
  try {
    stage('migrating the database');
    // A stop while migrating waits for the migration in progress (a half-applied one would break the next run).
    const migrated = await migrateUnlessStopped(db, allMigrations, { info: (_fields, message) => log(message) });
    if (migrated.stoppedBy) {
      console.error(`The seed was stopped (${migrated.stoppedBy}) while migrating: run it again to finish.`);
      // As a shell reports a command a signal stopped: 128 + its number.
      const signal = os.constants.signals[migrated.stoppedBy as NodeJS.Signals];
      process.exitCode = signal === undefined ? 1 : 128 + signal;
      return;
    }
    log(`migrated; seeding a demo network of ${members} members`);
    const report = await seedDemoNetwork(db, { members, log, stage });
    const { members: m, vouches: v, requests: r } = report;
    log(`done: members ${m.created} new, ${m.existing} already there${m.leftAlone ? `, ${m.leftAlone} phones belong to real members (left alone)` : ''}`);
    log(`vouches ${v.accepted} accepted and ${v.pending} pending new, ${v.existing} already there${v.skipped ? `, ${v.skipped} skipped` : ''}; introduction requests ${r.created} new (${r.suggestions} suggestions, ${r.introduced} introduced); plans changed ${report.plans.changed}`);
    stage('reading the demo members');
    console.log('\nSign in as a demo member (the code is in the server log and at GET /api/dev/sms-outbox?phone=…):');
    for (const demo of DEMO_MEMBERS) {
      const member = await findMemberByPhone(db, demo.phone);
      const scores = member && member.name === `${demo.firstName} ${demo.lastName}` ? `: reputation ${member.reputationScore}/100, ${member.connectionsCount} connections` : ' (this phone belongs to someone else here)';
      console.log(`  ${demo.display}   ${demo.firstName} ${demo.lastName} (${demo.community}, ${demo.plan} plan)${scores}`);
    }
    console.log(`\nA newcomer (issue 44): Marcus's invite to "${TYPO_INVITE.typedName}" at ${TYPO_INVITE.display} (My Vouches → Sent, Copy link): open the link signed out, Join Vouch with that phone and correct the name, or Decline without an account.`);
  } finally {
    await db.close();
  }
});
