package tirehotel

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// KeyFileName is the development key file under DATA_DIR that `forecourt
// seed` (and so `make run`) creates when TIREHOTEL_KEY is empty.
const KeyFileName = "tirehotel.key"

// Keys holds the tyre hotel's secret: it encrypts mobile numbers at rest
// and the SMS outbox (AES-256-GCM), seals the phone tokens handed to the
// browser, and keys the HMACs under which codes, challenge ids and lookup
// hashes are stored. Purposes are bound as additional data, so a sealed
// value of one kind never opens as another.
type Keys struct {
	aead cipher.AEAD
	mac  []byte
}

// NewKeys returns Keys for a 32-byte secret.
func NewKeys(secret []byte) (*Keys, error) {
	if len(secret) != 32 {
		return nil, fmt.Errorf("tyre hotel key: want 32 bytes, got %d", len(secret))
	}
	enc := derive(secret, "forecourt tirehotel aes-gcm")
	block, err := aes.NewCipher(enc)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Keys{aead: aead, mac: derive(secret, "forecourt tirehotel hmac")}, nil
}

func derive(secret []byte, label string) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(label))
	return m.Sum(nil)
}

// ParseKey decodes TIREHOTEL_KEY: standard or URL-safe base64 of 32 bytes.
func ParseKey(s string) (*Keys, error) {
	s = strings.TrimSpace(s)
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return NewKeys(b)
		}
	}
	return nil, errors.New("tyre hotel key: not base64")
}

// LoadKeys returns the keys of setting (TIREHOTEL_KEY) when it is set, else
// those of the development key file under dataDir, creating the file (mode
// 0600) when create is true and it is absent. created reports a new file.
func LoadKeys(setting, dataDir string, create bool) (k *Keys, created bool, err error) {
	if strings.TrimSpace(setting) != "" {
		k, err := ParseKey(setting)
		if err != nil {
			return nil, false, fmt.Errorf("TIREHOTEL_KEY: %w", err)
		}
		return k, false, nil
	}
	path := filepath.Join(dataDir, KeyFileName)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) && create {
		var secret [32]byte
		if _, err := rand.Read(secret[:]); err != nil {
			return nil, false, err
		}
		if err := os.MkdirAll(dataDir, 0o755); err != nil {
			return nil, false, err
		}
		line := base64.StdEncoding.EncodeToString(secret[:]) + "\n"
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, os.ErrExist) {
			return LoadKeys("", dataDir, false) // another process won the race
		}
		if err != nil {
			return nil, false, err
		}
		if _, err := f.WriteString(line); err != nil {
			f.Close()
			return nil, false, err
		}
		if err := f.Close(); err != nil {
			return nil, false, err
		}
		k, err := NewKeys(secret[:])
		return k, true, err
	}
	if err != nil {
		return nil, false, fmt.Errorf("tyre hotel key: TIREHOTEL_KEY is empty and %s cannot be read: %w", path, err)
	}
	k, err = ParseKey(string(b))
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	return k, false, nil
}

// Seal encrypts plaintext for purpose and returns URL-safe base64 of
// nonce‖ciphertext.
func (k *Keys) Seal(purpose string, plaintext []byte) string {
	nonce := make([]byte, k.aead.NonceSize(), k.aead.NonceSize()+len(plaintext)+k.aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(k.aead.Seal(nonce, nonce, plaintext, []byte(purpose)))
}

// errSealed is returned for any sealed value that does not open: malformed,
// tampered, another purpose or another key. Callers turn it into their own
// user-facing error.
var errSealed = errors.New("sealed value does not open")

// Open decrypts a value of Seal for purpose.
func (k *Keys) Open(purpose, sealed string) ([]byte, error) {
	if len(sealed) > 4096 {
		return nil, errSealed
	}
	b, err := base64.RawURLEncoding.DecodeString(sealed)
	if err != nil || len(b) < k.aead.NonceSize()+k.aead.Overhead() {
		return nil, errSealed
	}
	n := k.aead.NonceSize()
	out, err := k.aead.Open(nil, b[:n], b[n:], []byte(purpose))
	if err != nil {
		return nil, errSealed
	}
	return out, nil
}

// MAC returns the hex HMAC-SHA256 of the parts (joined unambiguously) under
// the derived MAC key, for values stored only as hashes.
func (k *Keys) MAC(purpose string, parts ...string) string {
	m := hmac.New(sha256.New, k.mac)
	m.Write([]byte(purpose))
	for _, p := range parts {
		fmt.Fprintf(m, "\x00%d:%s", len(p), p)
	}
	return hex.EncodeToString(m.Sum(nil))
}

// EqualMAC compares two MACs in constant time.
func EqualMAC(a, b string) bool { return hmac.Equal([]byte(a), []byte(b)) }
