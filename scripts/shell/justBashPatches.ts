// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the descriptions quote bash syntax, not templates
/**
 * Fixes to just-bash's interpreter that bring it closer to bash, applied to the installed bundle
 * by `patchJustBash.ts` (run on `npm install`). just-bash ships only a minified bundle, so a
 * line diff (patch-package) would be one 100 KB line per change; each fix here is instead a named
 * search-and-replace of one unique snippet, with the reason, and the patcher refuses to run if a
 * snippet is missing or ambiguous (a different just-bash version must be looked at again).
 *
 * The snippets use the bundle's minified names: `e`/`c` are the interpreter context, `_e` expands
 * a word to one string, `dr` expands a word to fields, `or` parses a script, `On` escapes glob
 * characters, `Tn`/`fr` expand word parts, `he` is bash's `exit`, `Yt` a `set -e` exit.
 */

/** The version the snippets were read from. */
export const PATCHED_JUST_BASH_VERSION = "3.4.2";

export interface BundlePatch {
  id: string;
  /** What bash does that just-bash did not. */
  why: string;
  find: string;
  replace: string;
}

/**
 * Functions the patches call, inserted once ahead of the builtin dispatcher (module scope, so
 * every patched site sees them).
 */
const HELPERS = String.raw`
const __sbSignals=["EXIT","HUP","INT","QUIT","ILL","TRAP","ABRT","BUS","FPE","KILL","USR1","SEGV","USR2","PIPE","ALRM","TERM"];
const __sbPseudoSignals=["ERR","DEBUG","RETURN"];
function __sbSignalName(spec){
  const upper=spec.toUpperCase().replace(/^SIG/,"");
  if(/^\d+$/.test(spec)){const n=Number(spec);return n<__sbSignals.length?__sbSignals[n]:null}
  return __sbSignals.includes(upper)||__sbPseudoSignals.includes(upper)?upper:null;
}
function __sbQuote(text){return "'"+text.replaceAll("'","'\\''")+"'"}
function __sbTrap(c,args){
  c.state.traps??=new Map();
  const traps=c.state.traps;
  if(args[0]==="--")args=args.slice(1);
  if(args.length===0||args[0]==="-p"){
    const wanted=args.slice(1).map(__sbSignalName);
    let out="";
    for(const [name,action] of traps)if(wanted.length===0||wanted.includes(name))out+="trap -- "+__sbQuote(action)+" "+(__sbSignals.indexOf(name)>0?"SIG"+name:name)+"\n";
    return{stdout:out,stderr:"",exitCode:0};
  }
  if(args[0]==="-l")return{stdout:__sbSignals.slice(1).map((n,i)=>" "+(i+1)+") SIG"+n).join("\n")+"\n",stderr:"",exitCode:0};
  let action=args[0],specs=args.slice(1);
  if(specs.length===0){specs=[action];action="-"}
  else if(/^\d+$/.test(action)){specs=args;action="-"}
  let stderr="",exitCode=0;
  for(const spec of specs){
    const name=__sbSignalName(spec);
    if(name===null){stderr+="trap: "+spec+": invalid signal specification\n";exitCode=1;continue}
    if(action==="-")traps.delete(name);else traps.set(name,action);
  }
  return{stdout:"",stderr,exitCode};
}
async function __sbRunExitTrap(c,result){
  const action=c.state.traps?.get("EXIT");
  if(action===undefined)return result;
  c.state.traps.delete("EXIT");
  if(action==="")return result;
  c.state.lastExitCode=result.exitCode;c.state.env.set("?",String(result.exitCode));
  let stdout="",stderr="",exitCode=result.exitCode;
  try{
    for(const statement of or(action).statements){const r=await c.executeStatement(statement);stdout+=r.stdout;stderr+=r.stderr}
  }catch(x){
    if(!(x instanceof he||x instanceof Yt))throw x;
    stdout+=x.stdout;stderr+=x.stderr;exitCode=x.exitCode;
  }
  const{internalOutputAccounting,...rest}=result;
  return{...rest,stdout:result.stdout+stdout,stderr:result.stderr+stderr,exitCode};
}
async function __sbScriptWithExitTrap(c,run){
  let result;
  try{result=await run()}catch(x){
    if(!(x instanceof he)||c.state.traps?.get("EXIT")===undefined)throw x;
    result={stdout:x.stdout,stderr:x.stderr,exitCode:x.exitCode,env:Ht(c.state.env)};
  }
  return __sbRunExitTrap(c,result);
}
function __sbUmask(c,args){
  c.state.umask??=18;
  const symbolic=args[0]==="-S";
  if(symbolic)args=args.slice(1);
  if(args.length===0){
    const m=c.state.umask;
    if(!symbolic)return{stdout:m.toString(8).padStart(4,"0")+"\n",stderr:"",exitCode:0};
    const who=(shift)=>{const bits=7&~(m>>shift);return(bits&4?"r":"")+(bits&2?"w":"")+(bits&1?"x":"")};
    return{stdout:"u="+who(6)+",g="+who(3)+",o="+who(0)+"\n",stderr:"",exitCode:0};
  }
  if(!/^[0-7]{1,4}$/.test(args[0]))return{stdout:"",stderr:"umask: "+args[0]+": octal number out of range\n",exitCode:1};
  c.state.umask=Number.parseInt(args[0],8);
  return{stdout:"",stderr:"",exitCode:0};
}
function __sbUlimit(args){
  const setting=args.find((a)=>!a.startsWith("-"));
  if(setting!==undefined){
    if(setting==="unlimited"||/^\d+$/.test(setting))return{stdout:"",stderr:"",exitCode:0};
    return{stdout:"",stderr:"ulimit: "+setting+": invalid number\n",exitCode:1};
  }
  if(args.includes("-a"))return{stdout:"file size (blocks, -f) unlimited\nopen files (-n) 1024\nstack size (kbytes, -s) 8192\nmax user processes (-u) unlimited\n",stderr:"",exitCode:0};
  if(args.includes("-n"))return{stdout:"1024\n",stderr:"",exitCode:0};
  if(args.includes("-s"))return{stdout:"8192\n",stderr:"",exitCode:0};
  return{stdout:"unlimited\n",stderr:"",exitCode:0};
}
function __sbKill(c,args){
  if(args[0]==="-l"||args[0]==="-L")return __sbTrap(c,["-l"]);
  const targets=[];
  for(let i=0;i<args.length;i++){
    const a=args[i];
    if(a==="-s"||a==="-n"){i++;continue}
    if(a==="--")continue;
    if(a.startsWith("-")&&targets.length===0){
      if(__sbSignalName(a.slice(1))===null&&a!=="-0")return{stdout:"",stderr:"kill: "+a.slice(1)+": invalid signal specification\n",exitCode:1};
      continue;
    }
    targets.push(a);
  }
  if(targets.length===0)return{stdout:"",stderr:"kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n",exitCode:2};
  const self=String(c.state.virtualPid);
  let stderr="",exitCode=0;
  for(const t of targets){
    if(t===self)continue;
    stderr+=t.startsWith("%")?"kill: "+t+": no such job\n":/^-?\d+$/.test(t)?"kill: ("+t+") - No such process\n":"kill: "+t+": arguments must be process or job IDs\n";
    exitCode=1;
  }
  return{stdout:"",stderr,exitCode};
}
function __sbSourceStack(e){
  const script=e.state.env.get("0")??"";
  return[...(e.state.sourceStack??[]).map((s)=>s==="main"?script:s),script];
}
function __sbPositional(e){
  const count=Number(e.state.env.get("#")??"0");
  return Array.from({length:count},(_,i)=>e.state.env.get(String(i+1))??"");
}
async function __sbCasePattern(e,word){
  let pattern="";
  for(const part of word.parts){
    if(part.type==="Escaped"||part.type==="SingleQuoted")pattern+=On(part.value);
    else if(part.type==="DoubleQuoted")pattern+=On(await fr(e,part.parts));
    else pattern+=await Tn(e,part);
  }
  return pattern;
}
async function __sbBraced(e,content){
  const word=or(": $"+"{"+content+"}").statements[0]?.pipelines[0]?.commands[0]?.args?.[0];
  return word?await _e(e,word):"";
}
async function __sbParentExists(e,target){
  const path=e.fs.resolvePath(e.state.cwd,target);
  try{return(await e.fs.stat(path.slice(0,path.lastIndexOf("/"))||"/")).isDirectory}catch{return!1}
}
function __sbInt64(a,b,op){
  const x=BigInt.asIntN(64,BigInt(Math.trunc(a))),y=BigInt(Math.trunc(b));
  const r=op==="<<"?x<<(y&63n):op===">>"?x>>(y&63n):op==="&"?x&y:op==="|"?x|y:x^y;
  return Number(BigInt.asIntN(64,r));
}
`;

export const JUST_BASH_PATCHES: readonly BundlePatch[] = [
  {
    id: "helpers",
    why: 'The functions below (trap, umask, ulimit, kill, BASH_SOURCE, "$@", case patterns, 64-bit bit operations).',
    find: "async function u3(e,t,n,r,s,i,o,a,l=!1){",
    replace: `${HELPERS}async function u3(e,t,n,r,s,i,o,a,l=!1){`,
  },
  {
    id: "builtins",
    why: "bash has trap, umask, ulimit, kill and disown; just-bash listed them as builtins (type, command -v) but ran none.",
    find: 'if(t==="readonly")return up(c,n);',
    replace:
      'if(t==="readonly")return up(c,n);if(t==="trap")return __sbTrap(c,n);if(t==="umask")return __sbUmask(c,n);if(t==="ulimit")return __sbUlimit(n);if(t==="kill")return __sbKill(c,n);if(t==="disown")return{stdout:"",stderr:"",exitCode:0};',
  },
  {
    id: "local-integer",
    why: "`local -i n` makes an integer local (`n+=5` adds); just-bash's local ignored -i. Inside a function declare makes locals too, so an attribute flag goes to declare.",
    find: 'if(t==="local")return xp(c,n);',
    replace:
      'if(t==="local")return c.state.localScopes.length>0&&n.some(a=>/^-[a-zA-Z]*[ilu]/.test(a))?cp(c,n):xp(c,n);',
  },
  {
    id: "script-exit-trap",
    why: "A script's EXIT trap runs when it ends, by reaching its end, `exit` or `set -e`.",
    find: "R=await new Yo(E,m).executeScript(x)",
    replace:
      "__sbI=new Yo(E,m),R=await __sbScriptWithExitTrap(__sbI.ctx,()=>__sbI.executeScript(x))",
  },
  {
    id: "script-traps-own",
    why: "Each script (sh FILE, bash -c) starts with no traps of its own; it must not set its caller's. It also learns whether it runs as sh or bash (the `shellName` exec option).",
    find: "signal:u.signal,extraArgs:u.args}",
    replace:
      "signal:u.signal,extraArgs:u.args,traps:new Map,sbShellName:u.shellName??this.state.sbShellName}",
  },
  {
    id: "subshell-traps",
    why: "A subshell starts without the parent's traps, runs its own EXIT trap when it ends, and leaves the parent's traps and umask as they were.",
    find: "return await $n(e,t.redirections,n,l=>kO(e,t,l.stdin??n,r,s||l.stdin!==void 0))",
    replace:
      "const __sbTraps=e.state.traps,__sbUmask=e.state.umask;e.state.traps=new Map;try{return await __sbRunExitTrap(e,await $n(e,t.redirections,n,l=>kO(e,t,l.stdin??n,r,s||l.stdin!==void 0)))}finally{e.state.traps=__sbTraps,e.state.umask=__sbUmask}",
  },
  {
    id: "bash-source-array",
    why: "${BASH_SOURCE[@]} lists the script itself at the bottom of the stack, as bash does.",
    find: 't==="BASH_SOURCE"?(e.state.sourceStack??[]).map((i,o)=>[o,i])',
    replace: 't==="BASH_SOURCE"?__sbSourceStack(e).map((i,o)=>[o,i])',
  },
  {
    id: "bash-source-set",
    why: "BASH_SOURCE is always set in a script.",
    find: 't==="BASH_SOURCE"?(e.state.sourceStack?.length??0)>0',
    replace: 't==="BASH_SOURCE"?!0',
  },
  {
    id: "bash-source-scalar",
    why: '$BASH_SOURCE is the running file, so `$(dirname "$BASH_SOURCE")` finds the script\'s folder.',
    find: 'case"BASH_SOURCE":{let o=e.state.sourceStack?.[0];',
    replace: 'case"BASH_SOURCE":{let o=__sbSourceStack(e)[0];',
  },
  {
    id: "bash-source-index",
    why: '${BASH_SOURCE[0]} is the running file, so `$(dirname "${BASH_SOURCE[0]}")` finds the script\'s folder.',
    find: 'return!Number.isNaN(f)&&f>=0?e.state.sourceStack?.[f]??"":""',
    replace: 'return!Number.isNaN(f)&&f>=0?__sbSourceStack(e)[f]??"":""',
  },
  {
    id: "command-word-fields",
    why: 'A command word that expands to several fields ("$@", "${args[@]}", $cmd) runs the first as the command and passes the rest as arguments; just-bash joined them into one command name.',
    find: "let u=await _e(this.ctx,t.name),f=[],d=[],",
    replace:
      'let __sbRest=[],__sbFields=!t.name.parts.every(N=>N.type==="Literal"),u;if(__sbFields){const W=await dr(this.ctx,t.name);u=W.values[0]??"";__sbRest=W.values.slice(1).map(v=>[v,W.quoted])}else u=await _e(this.ctx,t.name);let f=[],d=[],',
  },
  {
    id: "command-word-fields-args",
    why: "The fields after the command word come before the other arguments.",
    find: 'let m=t.name.parts.every(N=>N.type==="CommandSubstitution"||N.type==="ParameterExpansion"||N.type==="ArithmeticExpansion");',
    replace:
      'f.unshift(...__sbRest.map(x=>x[0]));d.unshift(...__sbRest.map(x=>x[1]));let m=__sbFields||t.name.parts.every(N=>N.type==="CommandSubstitution"||N.type==="ParameterExpansion"||N.type==="ArithmeticExpansion");',
  },
  {
    id: "for-positional",
    why: '`for a; do` loops over "$@" one argument at a time; just-bash split the joined arguments at spaces.',
    find: 'if(t.words===null)i=(e.state.env.get("@")||"").split(" ").filter(Boolean);',
    replace: "if(t.words===null)i=__sbPositional(e);",
  },
  {
    id: "case-pattern-quoting",
    why: 'In a case pattern, quoted and backslash-escaped characters match literally and only the unquoted ones are pattern characters (`\\**)` means "starts with *").',
    find: "let u=await _e(e,c);Vw(c)&&(u=On(u));",
    replace: "let u=await __sbCasePattern(e,c);",
  },
  {
    id: "bracket-negation",
    why: "`[!…]` in a pattern matches any character not listed, as `[^…]` does.",
    find: 'else if(s==="["){let i=e.indexOf("]",r+1);i!==-1?(n+=e.slice(r,i+1),r=i):n+="\\\\["}',
    replace:
      'else if(s==="["){let i=e.indexOf("]",r+1);i!==-1?(n+=e[r+1]==="!"?"[^"+e.slice(r+2,i+1):e.slice(r,i+1),r=i):n+="\\\\["}',
  },
  {
    id: "arithmetic-command-substitution",
    why: "`$(( $(f 1) + 1 ))` runs the substitution in the script's own shell, with its functions and variables; just-bash started a fresh shell without them.",
    find: 'case"ArithCommandSubst":{if(e.execFn){let i=await e.execFn(t.command,{signal:e.state.signal});i.stderr&&(e.state.expansionStderr=(e.state.expansionStderr||"")+i.stderr);let o=i.stdout.trim();return Number.parseInt(o,10)||0}return 0}',
    replace:
      'case"ArithCommandSubst":{let o=(await Tn(e,{type:"CommandSubstitution",body:or(t.command)})).trim();return Number.parseInt(o,10)||0}',
  },
  {
    id: "arithmetic-command-substitution-text",
    why: "The same for an arithmetic expression read as text.",
    find: 'case"ArithCommandSubst":return e.execFn?(await e.execFn(t.command,{signal:e.state.signal})).stdout.trim():"0";',
    replace:
      'case"ArithCommandSubst":return(await Tn(e,{type:"CommandSubstitution",body:or(t.command)})).trim();',
  },
  {
    id: "arithmetic-braced-expansion",
    why: "`$(( ${count[$k]:-0} + 1 ))` and `$(( ${x#*:} ))` expand the braced parameter fully; just-bash's shortcut looked `count[$k]` up as a plain name and ignored `#`/`%` operators.",
    find: 'case"ArithBracedExpansion":{let i=await Gl(e,t.content);',
    replace: 'case"ArithBracedExpansion":{let i=await __sbBraced(e,t.content);',
  },
  {
    id: "arithmetic-braced-expansion-text",
    why: "The same for an arithmetic expression read as text.",
    find: 'case"ArithBracedExpansion":return await Gl(e,t.content);',
    replace: 'case"ArithBracedExpansion":return await __sbBraced(e,t.content);',
  },
  {
    id: "nounset-quoted-default",
    why: 'Under `set -u`, "${VAR:-default}" in double quotes is the default when VAR is unset (bash); just-bash reported VAR as unbound.',
    find: 'c=await Cr(e,l),u=await We(e,l),f=u===""',
    replace: 'c=await Cr(e,l),u=await We(e,l,!1),f=u===""',
  },
  {
    id: "errexit-and-or-lists",
    why: "`set -e` is ignored in every command of an && / || list but the last and under `!`, down into the functions they call (`check || echo failed`); just-bash exited inside the function.",
    find: "let f=await this.executePipeline(c);n.appendResult(f,$c(f)),",
    replace:
      "let __sbCond=this.ctx.state.inCondition;(l<t.pipelines.length-1||c.negated)&&(this.ctx.state.inCondition=!0);let f;try{f=await this.executePipeline(c)}finally{this.ctx.state.inCondition=__sbCond}n.appendResult(f,$c(f)),",
  },
  {
    id: "readonly-assignment",
    why: "Assigning a readonly variable is an error that fails that command with status 1 and the script goes on (bash); just-bash exited the whole script.",
    find: '{continueToNext:!0,xtraceOutput:o};let h=st(e,n);if(h)return{continueToNext:!1,xtraceOutput:"",error:h}}let a=e.state.as',
    replace:
      '{continueToNext:!0,xtraceOutput:o};return{continueToNext:!1,xtraceOutput:o,error:Q("","bash: "+n+": readonly variable\\n",1)}}let a=e.state.as',
  },
  {
    id: "readonly-assignment-scalar",
    why: "The same for a plain `NAME=value` assignment.",
    find: '{continueToNext:!0,xtraceOutput:o};let f=st(e,a);if(f)return{continueToNext:!1,xtraceOutput:"",error:f}}',
    replace:
      '{continueToNext:!0,xtraceOutput:o};return{continueToNext:!1,xtraceOutput:o,error:Q("","bash: "+a+": readonly variable\\n",1)}}',
  },
  {
    id: "redirect-missing-folder",
    why: '`> dir/file` where dir does not exist fails with "No such file or directory" and status 1, and the script goes on; just-bash created the folder.',
    find: 'if(s.set(w,S),S.includes("\\0"))',
    replace:
      'if(s.set(w,S),!E&&/^(>|>>|>\\||&>|&>>)$/.test(y.operator)&&!await __sbParentExists(e,S))return p(Q("","bash: "+S+": No such file or directory\\n",1),w);if(S.includes("\\0"))',
  },
  {
    id: "nounset-status-as-sh",
    why: "A script run as sh stops on an unset variable under `set -u` with status 2, as dash (Debian's sh) does; bash uses 1.",
    find: 'if(i instanceof Jt)return r.append("stdout",i.stdout,i.internalOutputAccounting.stdout),r.append("stderr",i.stderr,i.internalOutputAccounting.stderr),n=1,',
    replace:
      'if(i instanceof Jt)return r.append("stdout",i.stdout,i.internalOutputAccounting.stdout),r.append("stderr",i.stderr,i.internalOutputAccounting.stderr),n=this.ctx.state.sbShellName==="sh"?2:1,',
  },
  {
    id: "int64-bit-operators",
    why: "bash integers are 64-bit: `$((1<<31))` is 2147483648, not a negative 32-bit number.",
    find: 'case"<<":return e<<t;case">>":return e>>t;',
    replace: 'case"<<":return __sbInt64(e,t,"<<");case">>":return __sbInt64(e,t,">>");',
  },
  {
    id: "int64-bitwise",
    why: "`&`, `|` and `^` work on 64-bit integers too.",
    find: 'case"&":return e&t;case"|":return e|t;case"^":return e^t;',
    replace:
      'case"&":return __sbInt64(e,t,"&");case"|":return __sbInt64(e,t,"|");case"^":return __sbInt64(e,t,"^");',
  },
  {
    id: "int64-shift-assign",
    why: "`<<=` and `>>=` shift 64-bit integers.",
    find: 'case"<<=":return e<<t;case">>=":return e>>t;',
    replace: 'case"<<=":return __sbInt64(e,t,"<<");case">>=":return __sbInt64(e,t,">>");',
  },
  {
    id: "abort-keeps-output-script",
    why: "A script stopped at its time limit keeps what it printed before (bash's output is written as it goes); just-bash dropped the output of the statements already run when the run was aborted.",
    find: "if(i instanceof C)throw r.prependTo(i),i;if(i instanceof Yt)",
    replace: "if(i instanceof C||i instanceof He)throw r.prependTo(i),i;if(i instanceof Yt)",
  },
  {
    id: "abort-keeps-output-loops",
    why: "An abort inside a loop body ends the run, keeping the loop's output so far; just-bash took it for a failed command, dropped the output and went on with the next statement.",
    find: "if(e instanceof _t||e instanceof Yt||e instanceof he||e instanceof C)return e.prependOutput(t,n)",
    replace:
      "if(e instanceof _t||e instanceof Yt||e instanceof he||e instanceof C||e instanceof He)return e.prependOutput(t,n)",
  },
  {
    id: "abort-keeps-output-if",
    why: "The same for the body of an `if`, `elif` or `else`.",
    find: "if(sa(s)||s instanceof Yt||s instanceof he||s instanceof C||s instanceof hr)throw s.prependOutput(n.stdout,n.stderr),s;",
    replace:
      "if(sa(s)||s instanceof Yt||s instanceof he||s instanceof C||s instanceof He||s instanceof hr)throw s.prependOutput(n.stdout,n.stderr),s;",
  },
  {
    id: "abort-keeps-output-subshell",
    why: "The same for a subshell `( … )`.",
    find: "catch(a){if(a instanceof C)throw i.prependTo(a),a;return a instanceof hr",
    replace:
      "catch(a){if(a instanceof C||a instanceof He)throw i.prependTo(a),a;return a instanceof hr",
  },
  {
    id: "abort-keeps-output-group",
    why: "The same for a group `{ …; }`.",
    find: "catch(d){if(f(),d instanceof C)throw o.prependTo(d),d;",
    replace: "catch(d){if(f(),d instanceof C||d instanceof He)throw o.prependTo(d),d;",
  },
  {
    id: "abort-reaches-command-signal",
    why: "A command's own abort signal (what `sleep` waits on) follows the run's, so an abort wakes it at once while its context stays usable for the cleanup window; just-bash aborted it only by revoking the context.",
    find: "function c3(e,t){let n=!0,r=e.signal?new AbortController:void 0,",
    replace:
      'function c3(e,t){let n=!0,r=e.signal?new AbortController:void 0,__sbLink=()=>r.abort(new He("",`bash: ${t} aborted\n`)),__sbLinked=(r&&e.signal.addEventListener("abort",__sbLink,{once:!0}),0),',
  },
  {
    id: "abort-reaches-command-signal-end",
    why: "The link goes when the command ends, so a long loop leaves no listener per command behind.",
    find: "revoke(){n=!1,r?.signal.aborted||r?.abort(",
    replace:
      'revoke(){n=!1,r&&e.signal.removeEventListener("abort",__sbLink),r?.signal.aborted||r?.abort(',
  },
  {
    id: "abort-keeps-output-command-context",
    why: "On an abort a running command (`sh FILE`) keeps its context for the cleanup window, so its own script can stop at its next statement and hand back what it printed; just-bash revoked the context at once, and the script failed with a context error instead.",
    find: 'let m=()=>{n(),h({kind:"abort"})};',
    replace: 'let m=()=>{h({kind:"abort"})};',
  },
  {
    id: "abort-keeps-output-command",
    why: "A command that finishes within the cleanup window after an abort hands on what it printed; just-bash replaced its result with a bare abort error. Its own abort line is not repeated.",
    find: 'n();let m=await Promise.race([d.then(()=>!0),new Promise(b=>{u=Xi(()=>b(!1),a)})]),g=h.kind==="deadline"?new He("",`bash: ${r} exceeded its execution deadline\n`):new He("",`bash: execution aborted\n`);',
    replace:
      'let m=await Promise.race([d,new Promise(b=>{u=Xi(()=>b(!1),a)})]);n();let g=h.kind==="deadline"?new He("",`bash: ${r} exceeded its execution deadline\n`):new He("",`bash: execution aborted\n`),__sbDone=m&&(m.kind==="result"?m.result:m.error);if(__sbDone&&typeof __sbDone.stdout==="string"){let __sbErr=__sbDone.stderr??"";__sbErr.endsWith(g.stderr)&&(__sbErr=__sbErr.slice(0,-g.stderr.length));g.prependOutput(__sbDone.stdout,__sbErr)}',
  },
  {
    id: "sed-numbered-occurrence",
    why: "sed `s/a/X/3g` replaces the third match and every one after it, and a line with fewer matches than the number is not substituted: `p`, `w` and `t` do not act on it. just-bash replaced every match when `g` came with a number, and printed a line it had not changed.",
    find: 'if(t.substitutionMade=!0,o.nthOccurrence&&o.nthOccurrence>0&&!o.global){let d=0,p=o.nthOccurrence,h=ie(c,`g${o.ignoreCase?"i":""}`);t.patternSpace=h.replace(t.patternSpace,(m,...g)=>{if(d++,d===p){',
    replace:
      'let __sbMade=!0;if(o.nthOccurrence&&o.nthOccurrence>0){let d=0,p=o.nthOccurrence,h=ie(c,`g${o.ignoreCase?"i":""}`);__sbMade=!1;t.patternSpace=h.replace(t.patternSpace,(m,...g)=>{if(d++,d===p||o.global&&d>p){__sbMade=!0;',
  },
  {
    id: "sed-numbered-occurrence-counts-only-a-replacement",
    why: "See sed-numbered-occurrence: only a replacement made marks the line substituted.",
    find: "o.printOnMatch&&t.lineNumberOutput.push(t.patternSpace)}}catch{}break}",
    replace:
      "__sbMade&&(t.substitutionMade=!0,o.printOnMatch&&t.lineNumberOutput.push(t.patternSpace))}}catch{}break}",
  },
];

/** Applies each patch to `source`; a snippet missing or found twice is an error naming the patch. */
export function applyBundlePatches(source: string, patches: readonly BundlePatch[]): string {
  let patched = source;
  for (const patch of patches) {
    const at = patched.indexOf(patch.find);
    if (at < 0) throw new Error(`just-bash patch "${patch.id}": its snippet is not in the bundle`);
    if (patched.indexOf(patch.find, at + 1) >= 0) {
      throw new Error(`just-bash patch "${patch.id}": its snippet appears more than once`);
    }
    patched = patched.slice(0, at) + patch.replace + patched.slice(at + patch.find.length);
  }
  return patched;
}
