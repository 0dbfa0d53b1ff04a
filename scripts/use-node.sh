# Source this file (`. scripts/use-node.sh`) to run the project on the Node.js LTS that the root
# package.json's `engines` names (ADR 0030). When the `node` on PATH is older, the official binary
# comes from the npm registry's `node` package into `.node/` of the checkout (once), and that folder
# goes first on PATH for the rest of the shell.
_xuetu_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_xuetu_want="26.10.0"
_xuetu_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(_xuetu_major)" -lt "${_xuetu_want%%.*}" ]; then
  if [ ! -x "$_xuetu_root/.node/node_modules/.bin/node" ]; then
    echo "==> Node $(node -v 2>/dev/null || echo none) is older than ${_xuetu_want}: installing node@${_xuetu_want} into .node/" >&2
    npm install --no-save --no-audit --no-fund --no-package-lock --prefix "$_xuetu_root/.node" "node@${_xuetu_want}" >&2
  fi
  export PATH="$_xuetu_root/.node/node_modules/.bin:$PATH"
fi
unset -f _xuetu_major
unset _xuetu_root _xuetu_want
