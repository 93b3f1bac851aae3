package solution

import (
	"encoding/json"
	"errors"
)

// Message is one text message of a getUpdates response.
type Message struct {
	UpdateID int64
	ChatID   int64
	From     string
	Text     string
}

type response struct {
	OK     bool `json:"ok"`
	Result []struct {
		UpdateID int64 `json:"update_id"`
		Message  *struct {
			Chat struct {
				ID int64 `json:"id"`
			} `json:"chat"`
			From struct {
				FirstName string `json:"first_name"`
				Username  string `json:"username"`
			} `json:"from"`
			Text string `json:"text"`
		} `json:"message"`
	} `json:"result"`
}

// ParseUpdates returns the text messages of a getUpdates response.
func ParseUpdates(data []byte) ([]Message, error) {
	var parsed response
	if err := json.Unmarshal(data, &parsed); err != nil {
		return nil, err
	}
	if !parsed.OK {
		return nil, errors.New("getUpdates: ok is false")
	}
	messages := []Message{}
	for _, update := range parsed.Result {
		if update.Message == nil || update.Message.Text == "" {
			continue
		}
		from := update.Message.From.Username
		if from == "" {
			from = update.Message.From.FirstName
		}
		messages = append(messages, Message{update.UpdateID, update.Message.Chat.ID, from, update.Message.Text})
	}
	return messages, nil
}
