/** Where the browser suite's servers listen (started by playwright.config.ts). */
const PORT = Number(process.env.E2E_PORT ?? 3100);

export const urls = {
  /** The gateway under test (`node scripts/start.mjs`). */
  gateway: `http://localhost:${PORT}`,
  /** A copy of mf_vouches' build on its own origin. */
  movedRemote: `http://127.0.0.1:${PORT + 1}`,
  /** A second gateway whose registry sends mf_vouches to `movedRemote`. */
  secondGateway: `http://localhost:${PORT + 2}`,
  /** A third gateway whose registry names a version of mf_vouches without ./CreateVouchButton. */
  lackingGateway: `http://localhost:${PORT + 3}`,
};

/** The exposed module the moved remote's other version leaves out (e2e/support/serve-remote-copy.mjs). */
export const LEFT_OUT_MODULE = './CreateVouchButton';

export const ports = { gateway: PORT, movedRemote: PORT + 1, secondGateway: PORT + 2, lackingGateway: PORT + 3 };
