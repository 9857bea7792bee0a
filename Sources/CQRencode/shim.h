// libqrencode (Debian's libqrencode-dev): the QR code an authenticator app scans to enrol.
#include <qrencode.h>
