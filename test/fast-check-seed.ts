// Every property test (fast-check) runs from one fixed seed, so a run is the same run on every machine and
// every time: a failure reproduces, and a count a test asserts (how many generated values were accepted)
// is a fixed number, not a draw. fast-check prints the seed and the failing path with any failure;
// POSTCTL_FC_SEED explores another seed on purpose.
import fc from 'fast-check';

const seed = Number(process.env.POSTCTL_FC_SEED);
fc.configureGlobal({ seed: Number.isInteger(seed) ? seed : 20261128 });
