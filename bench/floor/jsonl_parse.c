/* The club benchmark's parse floor: reads every file named and parses each line as one JSON
 * value (objects, arrays, strings with their escapes, numbers, literals), building nothing
 * and keeping nothing but a count of the values: what reading journals costs before any of
 * bookclub's own work. Exits 1 at the first line that is not JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *at;
static long values;

static int value(void);

static void space(void) {
    while (*at == ' ' || *at == '\t' || *at == '\r') at++;
}

static int string(void) {
    if (*at != '"') return 0;
    at++;
    while (*at != '"') {
        if (*at == '\0' || *at == '\n') return 0;
        if (*at == '\\') {
            at++;
            if (*at == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!strchr("0123456789abcdefABCDEF", at[i]) || at[i] == '\0') return 0;
                at += 4;
            } else if (!strchr("\"\\/bfnrt", *at) || *at == '\0') {
                return 0;
            }
        }
        at++;
    }
    at++;
    return 1;
}

static int number(void) {
    const char *start = at;
    if (*at == '-') at++;
    while (*at >= '0' && *at <= '9') at++;
    if (*at == '.') for (at++; *at >= '0' && *at <= '9'; at++) {}
    if (*at == 'e' || *at == 'E') {
        at++;
        if (*at == '+' || *at == '-') at++;
        while (*at >= '0' && *at <= '9') at++;
    }
    return at > start;
}

static int list(char close, int members) {
    at++;
    space();
    if (*at == close) { at++; return 1; }
    for (;;) {
        space();
        if (members) {
            if (!string()) return 0;
            space();
            if (*at++ != ':') return 0;
        }
        if (!value()) return 0;
        space();
        if (*at == ',') { at++; continue; }
        if (*at == close) { at++; return 1; }
        return 0;
    }
}

static int value(void) {
    space();
    values++;
    switch (*at) {
    case '{': return list('}', 1);
    case '[': return list(']', 0);
    case '"': return string();
    case 't': return strncmp(at, "true", 4) == 0 ? (at += 4, 1) : 0;
    case 'f': return strncmp(at, "false", 5) == 0 ? (at += 5, 1) : 0;
    case 'n': return strncmp(at, "null", 4) == 0 ? (at += 4, 1) : 0;
    default: return number();
    }
}

int main(int argc, char **argv) {
    static char buffer[1 << 20];
    for (int i = 1; i < argc; i++) {
        FILE *file = fopen(argv[i], "r");
        if (!file) { perror(argv[i]); return 1; }
        while (fgets(buffer, sizeof buffer, file)) {
            at = buffer;
            if (!value()) { fprintf(stderr, "%s: not JSON\n", argv[i]); return 1; }
            space();
            if (*at != '\n' && *at != '\0') { fprintf(stderr, "%s: more after the value\n", argv[i]); return 1; }
        }
        fclose(file);
    }
    printf("%ld values\n", values);
    return 0;
}
