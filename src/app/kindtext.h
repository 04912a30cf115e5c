// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// kindText(), a kind's English title, axis label or series name in the window's language, is in
// testkind.h: the web page (htmlreport.h) translates them too.
#include "testkind.h"
