// SPDX-License-Identifier: GPL-3.0-or-later
#include "translations.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace dm {

namespace {
    void install(QApplication& app, const QLocale& locale, const QString& name, const QString& directory)
    {
        auto* translator = new QTranslator(&app);
        // Tries name_ja_JP.qm, then name_ja.qm, and so on down the locale's UI languages.
        if (translator->load(locale, name, QStringLiteral("_"), directory))
            QApplication::installTranslator(translator);
        else
            delete translator;
    }
}

void installTranslations(QApplication& app, const QString& language)
{
    QLocale locale;
    if (!language.isEmpty()) {
        // --language stands for the desktop's locale everywhere, so dates and numbers in the
        // dialogs match the language of the window around them.
        locale = QLocale(language);
        QLocale::setDefault(locale);
    }
    install(app, locale, QStringLiteral("qtbase"), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    install(app, locale, QStringLiteral("diskometer"), QStringLiteral(":/diskometer/i18n"));
}

} // namespace dm
