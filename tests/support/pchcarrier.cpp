// SPDX-License-Identifier: GPL-3.0-or-later
// The program that carries the test programs' precompiled headers (cmake/precompiled.cmake): they
// reuse the headers it parses, which needs a target compiled exactly as they are (an executable,
// linking what they link). Never run.
int main() { return 0; }
