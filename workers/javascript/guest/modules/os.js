// node:os: a fixed, neutral description of the sandbox machine, in Node's shapes: one CPU, a
// loopback interface only, Linux's signal and error numbers.
/** Node's os.constants on Linux (x64). */
const constants = {
  UV_UDP_REUSEADDR: 4,
  dlopen: { RTLD_LAZY: 1, RTLD_NOW: 2, RTLD_GLOBAL: 256, RTLD_LOCAL: 0, RTLD_DEEPBIND: 8 },
  errno: {
    E2BIG: 7,
    EACCES: 13,
    EADDRINUSE: 98,
    EADDRNOTAVAIL: 99,
    EAFNOSUPPORT: 97,
    EAGAIN: 11,
    EALREADY: 114,
    EBADF: 9,
    EBADMSG: 74,
    EBUSY: 16,
    ECANCELED: 125,
    ECHILD: 10,
    ECONNABORTED: 103,
    ECONNREFUSED: 111,
    ECONNRESET: 104,
    EDEADLK: 35,
    EDESTADDRREQ: 89,
    EDOM: 33,
    EDQUOT: 122,
    EEXIST: 17,
    EFAULT: 14,
    EFBIG: 27,
    EHOSTUNREACH: 113,
    EIDRM: 43,
    EILSEQ: 84,
    EINPROGRESS: 115,
    EINTR: 4,
    EINVAL: 22,
    EIO: 5,
    EISCONN: 106,
    EISDIR: 21,
    ELOOP: 40,
    EMFILE: 24,
    EMLINK: 31,
    EMSGSIZE: 90,
    EMULTIHOP: 72,
    ENAMETOOLONG: 36,
    ENETDOWN: 100,
    ENETRESET: 102,
    ENETUNREACH: 101,
    ENFILE: 23,
    ENOBUFS: 105,
    ENODATA: 61,
    ENODEV: 19,
    ENOENT: 2,
    ENOEXEC: 8,
    ENOLCK: 37,
    ENOLINK: 67,
    ENOMEM: 12,
    ENOMSG: 42,
    ENOPROTOOPT: 92,
    ENOSPC: 28,
    ENOSR: 63,
    ENOSTR: 60,
    ENOSYS: 38,
    ENOTCONN: 107,
    ENOTDIR: 20,
    ENOTEMPTY: 39,
    ENOTSOCK: 88,
    ENOTSUP: 95,
    ENOTTY: 25,
    ENXIO: 6,
    EOPNOTSUPP: 95,
    EOVERFLOW: 75,
    EPERM: 1,
    EPIPE: 32,
    EPROTO: 71,
    EPROTONOSUPPORT: 93,
    EPROTOTYPE: 91,
    ERANGE: 34,
    EROFS: 30,
    ESPIPE: 29,
    ESRCH: 3,
    ESTALE: 116,
    ETIME: 62,
    ETIMEDOUT: 110,
    ETXTBSY: 26,
    EWOULDBLOCK: 11,
    EXDEV: 18,
  },
  signals: {
    SIGHUP: 1,
    SIGINT: 2,
    SIGQUIT: 3,
    SIGILL: 4,
    SIGTRAP: 5,
    SIGABRT: 6,
    SIGIOT: 6,
    SIGBUS: 7,
    SIGFPE: 8,
    SIGKILL: 9,
    SIGUSR1: 10,
    SIGSEGV: 11,
    SIGUSR2: 12,
    SIGPIPE: 13,
    SIGALRM: 14,
    SIGTERM: 15,
    SIGCHLD: 17,
    SIGSTKFLT: 16,
    SIGCONT: 18,
    SIGSTOP: 19,
    SIGTSTP: 20,
    SIGTTIN: 21,
    SIGTTOU: 22,
    SIGURG: 23,
    SIGXCPU: 24,
    SIGXFSZ: 25,
    SIGVTALRM: 26,
    SIGPROF: 27,
    SIGWINCH: 28,
    SIGIO: 29,
    SIGPOLL: 29,
    SIGPWR: 30,
    SIGSYS: 31,
  },
  priority: {
    PRIORITY_LOW: 19,
    PRIORITY_BELOW_NORMAL: 10,
    PRIORITY_NORMAL: 0,
    PRIORITY_ABOVE_NORMAL: -7,
    PRIORITY_HIGH: -14,
    PRIORITY_HIGHEST: -20,
  },
};

/** What a machine whose only network interface is loopback reports. */
function networkInterfaces() {
  const mac = "00:00:00:00:00:00";
  return {
    lo: [
      {
        address: "127.0.0.1",
        netmask: "255.0.0.0",
        family: "IPv4",
        mac,
        internal: true,
        cidr: "127.0.0.1/8",
      },
      {
        address: "::1",
        netmask: "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
        family: "IPv6",
        mac,
        internal: true,
        cidr: "::1/128",
        scopeid: 0,
      },
    ],
  };
}

/** Node's checks on a process id and a priority, for getPriority/setPriority. */
function checkPid(pid) {
  if (pid === undefined) return;
  if (typeof pid !== "number") throw invalidArgType("pid", "of type number", pid);
  if (!Number.isInteger(pid)) throw outOfRange("pid", "an integer", pid);
}

/** Node's tmpdir rule: TMPDIR, TMP, TEMP, else /tmp, without a trailing slash. */
function tmpdir() {
  const env = process.env;
  const dir = env.TMPDIR || env.TMP || env.TEMP || "/tmp";
  return dir.length > 1 && dir.endsWith("/") ? dir.slice(0, -1) : dir;
}

function userInfo(options) {
  const info = {
    uid: 1000,
    gid: 1000,
    username: process.env.USER || "user",
    homedir: process.env.HOME || "/home/user",
    shell: "/bin/sh",
  };
  if (options?.encoding !== "buffer") return info;
  for (const key of ["username", "homedir", "shell"]) info[key] = Buffer.from(info[key]);
  return info;
}

module.exports = {
  arch: () => process.arch,
  availableParallelism: () => 1,
  cpus: () => [
    { model: "sandbox", speed: 0, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } },
  ],
  endianness: () => "LE",
  freemem: () => 128 * 1024 * 1024,
  getPriority(pid) {
    checkPid(pid);
    return 0;
  },
  homedir: () => process.env.HOME || "/home/user",
  hostname: () => "sandbox",
  loadavg: () => [0, 0, 0],
  networkInterfaces,
  platform: () => process.platform,
  release: () => "6.0.0-skillbox",
  setPriority(pid, priority) {
    if (priority === undefined) {
      priority = pid;
      pid = 0;
    }
    checkPid(pid);
    if (typeof priority !== "number") throw invalidArgType("priority", "of type number", priority);
    if (!Number.isInteger(priority) || priority < -20 || priority > 19) {
      throw outOfRange("priority", ">= -20 && <= 19", priority);
    }
  },
  tmpdir,
  totalmem: () => 256 * 1024 * 1024,
  type: () => "Linux",
  userInfo,
  // Seconds since this run began, as a machine that booted for it would say.
  uptime: () => Math.max(1, Math.round(process.uptime())),
  version: () => "#1 SMP",
  machine: () => "x86_64",
  constants,
  EOL: "\n",
  devNull: "/dev/null",
};
